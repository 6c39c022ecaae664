import { useState, type ReactNode } from 'react';
import { Button } from '../../ui/Button';
import { Dialog, DialogContent, DialogTrigger } from '../../ui/Dialog';
import { VisuallyHidden } from '../../ui/VisuallyHidden';

export interface AccountDialogProps {
  /** What the dialog does to the subject: "Change", "Add", "Set". */
  verb: string;
  /** What it changes, in lower case: "email", "password"; names the dialog and, for screen readers, the button. */
  subject: string;
  description: string;
  /** Called when the member points at or focuses the button, to start loading the dialog's code early. */
  onIntent?: () => void;
  /** The dialog's form; `close` closes the dialog (focus goes back to the button). */
  children: (close: () => void) => ReactNode;
}

/**
 * A sign-in detail's dialog on /account: a small "<verb>" button (read as "<verb> <subject>") opening a dialog
 * titled "<verb> <subject>".
 */
export function AccountDialog({ verb, subject, description, onIntent, children }: AccountDialogProps) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="secondary" size="sm" onPointerEnter={onIntent} onFocus={onIntent}>
          {verb}
          <VisuallyHidden> {subject}</VisuallyHidden>
        </Button>
      </DialogTrigger>
      <DialogContent title={`${verb} ${subject}`} description={description}>
        {children(() => setOpen(false))}
      </DialogContent>
    </Dialog>
  );
}
