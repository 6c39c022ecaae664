import type { AuthUser } from '@wingmate/core-sdk';
import { lazy, Suspense, useState } from 'react';
import { Button } from '../../ui/Button';
import { Dialog, DialogContent, DialogTrigger } from '../../ui/Dialog';
import { Spinner } from '../../ui/Spinner';
import { VisuallyHidden } from '../../ui/VisuallyHidden';

// The flow parses and formats typed numbers with libphonenumber (about 35 KB gzipped), so it loads when asked for,
// keeping /account within its budget; pointing at or focusing the button starts the download early.
const loadPhoneChangeFlow = () => import('./PhoneChangeFlow');
const PhoneChangeFlow = lazy(() =>
  loadPhoneChangeFlow().then((module) => ({ default: module.PhoneChangeFlow })),
);

/**
 * Change (or add) the phone number (decisions.md): the current password, or for an account without one a code
 * sent to the current phone or e-mail; then the PIN texted to the new number. Focus returns to the trigger.
 */
export function PhoneChangeDialog({ user }: { user: AuthUser }) {
  const [open, setOpen] = useState(false);
  const verb = user.phone_number ? 'Change' : 'Add';
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button
          variant="secondary"
          size="sm"
          onPointerEnter={() => void loadPhoneChangeFlow()}
          onFocus={() => void loadPhoneChangeFlow()}
        >
          {verb}
          <VisuallyHidden> phone number</VisuallyHidden>
        </Button>
      </DialogTrigger>
      <DialogContent
        title={`${verb} phone number`}
        description="We text a code to the new number; it replaces the old one once you enter the code."
      >
        <Suspense fallback={<Spinner label="Loading" />}>
          <PhoneChangeFlow user={user} onDone={() => setOpen(false)} />
        </Suspense>
      </DialogContent>
    </Dialog>
  );
}
