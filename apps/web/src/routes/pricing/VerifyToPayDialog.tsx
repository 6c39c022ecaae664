import { Link, useLocation } from 'react-router-dom';
import { Dialog, DialogContent } from '../../ui/Dialog';
import { Button, buttonClasses } from '../../ui/Button';
import { withNext } from '../auth/next-path';

/**
 * Payments need a member (docs/product.md#accounts-and-signing-in): when the server refuses a payment with
 * `verification_required`, this asks for the code e-mailed at sign-up, as the chat's dialog does, and `/verify`
 * brings the person back to this checkout afterwards. Nothing was charged.
 */
export function VerifyToPayDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const location = useLocation();
  const back = location.pathname + location.search;
  return (
    <Dialog open={open} onOpenChange={(isOpen) => !isOpen && onClose()}>
      {open && (
        <DialogContent
          title="Verify your e-mail to pay"
          description="Enter the code we e-mailed you, then come right back to finish. Nothing was charged."
        >
          <div className="flex flex-col gap-3 sm:flex-row-reverse">
            <Link
              to={withNext('/verify', back, { method: 'email' })}
              className={buttonClasses({ className: 'w-full sm:w-auto' })}
            >
              Verify
            </Link>
            <Button variant="secondary" className="w-full sm:w-auto" onClick={onClose}>
              Not now
            </Button>
          </div>
        </DialogContent>
      )}
    </Dialog>
  );
}
