import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../ui/Button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../../ui/Dialog';
import { ErrorNotice } from '../../ui/ErrorNotice';

/**
 * "Forget my style" behind a confirmation. Once forgotten the button goes (there is nothing left to forget), so
 * focus moves to `afterForgetting` rather than back to it.
 */
export function ForgetStyle({
  hasStyle,
  forgetting,
  failure,
  onForget,
  afterForgetting,
}: {
  /** Something is kept to forget: the button shows only then, the dialog stays mounted to put focus back. */
  hasStyle: boolean;
  forgetting: boolean;
  failure?: string;
  /** Resolves true once forgotten. */
  onForget: () => Promise<boolean>;
  afterForgetting: () => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      {hasStyle && (
        <DialogTrigger asChild>
          <Button variant="ghost">
            <Trash2 aria-hidden="true" className="size-4" />
            Forget my style
          </Button>
        </DialogTrigger>
      )}
      <DialogContent
        title="Forget your style?"
        description="The messages you gave and the style learnt from them go for good. Suggestions stop sounding like you until you teach it again."
        onCloseAutoFocus={(event) => {
          if (hasStyle) return;
          event.preventDefault();
          afterForgetting();
        }}
      >
        {failure && <ErrorNotice className="mb-4">{failure}</ErrorNotice>}
        <div className="flex flex-wrap gap-3">
          <Button
            variant="danger"
            loading={forgetting}
            onClick={() => void onForget().then((done) => done && setOpen(false))}
          >
            Forget
          </Button>
          <DialogClose asChild>
            <Button variant="ghost">Keep</Button>
          </DialogClose>
        </div>
      </DialogContent>
    </Dialog>
  );
}
