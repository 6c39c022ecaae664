import { LogOut } from 'lucide-react';
import { useStore } from 'zustand';
import { Button } from '../../ui/Button';
import { useToast } from '../../ui/toast-store';
import { AccountSection } from './AccountSection';
import { useSessionsStore } from './account-stores';
import { FormAlert } from './FormAlert';
import { useLeaveAccount } from './leave-account';
import { problemMessage } from './problem';

/**
 * Log out here (docs/product.md#sessions-and-tokens: the stored phone number and e-mail go with the token), or
 * everywhere at once.
 */
export function SessionsSection() {
  const sessions = useSessionsStore();
  const toast = useToast();
  const leave = useLeaveAccount();
  const { ending: busy, error } = useStore(sessions);

  async function logOut() {
    await leave(() => sessions.logOut());
    toast({ title: 'You are logged out', tone: 'success' });
  }

  async function signOutEverywhere() {
    try {
      await leave(() => sessions.logOutEverywhere());
      toast({
        title: 'Signed out everywhere',
        description: 'Every device needs to sign in again.',
        tone: 'success',
      });
    } catch {
      // The store keeps the failure, shown above the buttons.
    }
  }

  return (
    <AccountSection
      title="Sessions"
      description="Log out on this device, or end every session on all your devices."
    >
      <div className="flex flex-col items-start gap-3">
        <FormAlert message={error === null ? null : problemMessage(error)} />
        <div className="flex flex-wrap gap-3">
          <Button
            variant="secondary"
            loading={busy === 'here'}
            disabled={busy !== null}
            onClick={() => void logOut()}
          >
            {busy !== 'here' && <LogOut aria-hidden="true" className="size-4" />}
            Log out
          </Button>
          <Button
            variant="secondary"
            loading={busy === 'everywhere'}
            disabled={busy !== null}
            onClick={() => void signOutEverywhere()}
          >
            Sign out everywhere
          </Button>
        </div>
      </div>
    </AccountSection>
  );
}
