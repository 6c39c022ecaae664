import type { AuthUser } from '@wingmate/core-sdk';
import { lazy, Suspense } from 'react';
import { Spinner } from '../../ui/Spinner';
import { AccountDialog } from './AccountDialog';

// The flow parses and formats typed numbers with libphonenumber (about 35 KB gzipped), so it loads when asked for,
// keeping /account within its budget; pointing at or focusing the button starts the download early.
const loadPhoneChangeFlow = () => import('./PhoneChangeFlow');
const PhoneChangeFlow = lazy(() =>
  loadPhoneChangeFlow().then((module) => ({ default: module.PhoneChangeFlow })),
);

/**
 * Change (or add) the phone number (docs/decisions.md#sign-in-and-account-security): the current password, or for an
 * account without one a code sent to the current phone or e-mail; then the PIN texted to the new number. Focus returns
 * to the trigger.
 */
export function PhoneChangeDialog({ user }: { user: AuthUser }) {
  return (
    <AccountDialog
      verb={user.phone_number ? 'Change' : 'Add'}
      subject="phone number"
      description="We text a code to the new number; it replaces the old one once you enter the code."
      onIntent={() => void loadPhoneChangeFlow()}
    >
      {(close) => (
        <Suspense fallback={<Spinner label="Loading" />}>
          <PhoneChangeFlow user={user} onDone={close} />
        </Suspense>
      )}
    </AccountDialog>
  );
}
