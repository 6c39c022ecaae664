import { useState } from 'react';
import { Button } from '../../ui/Button';
import { Dialog, DialogClose, DialogContent } from '../../ui/Dialog';

/** "Delete chat history" asks first: it removes every message and photo, and cannot be undone. */
export function DeleteHistoryDialog({
  open,
  onOpenChange,
  onConfirm,
  returnFocusTo,
}: {
  /** No trigger stays on screen (the menu item closes): focus goes back here. */
  returnFocusTo?: () => void;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => Promise<void>;
}) {
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setDeleting(true);
    setError(null);
    try {
      await onConfirm();
      onOpenChange(false);
    } catch {
      setError('The history could not be deleted. Check your connection and try again.');
    } finally {
      setDeleting(false);
    }
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Delete chat history?"
        description="Every message and photo of this chat is removed for good. Messages already used stay used."
        onCloseAutoFocus={(event) => {
          if (!returnFocusTo) return;
          event.preventDefault();
          returnFocusTo();
        }}
      >
        {error && (
          <p role="alert" className="mb-4 text-sm font-medium text-danger">
            {error}
          </p>
        )}
        <div className="flex flex-col gap-3 sm:flex-row-reverse">
          <Button variant="danger" loading={deleting} onClick={() => void confirm()}>
            Delete
          </Button>
          <DialogClose asChild>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
        </div>
      </DialogContent>
    </Dialog>
  );
}
