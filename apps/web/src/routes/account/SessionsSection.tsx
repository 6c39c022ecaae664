import { LogOut } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../ui/Button';
import { useToast } from '../../ui/toast-store';
import { useClient } from '../../stores/services';
import { AccountSection } from './AccountSection';
import { FormAlert } from './FormAlert';
import { useLeaveAccount } from './leave-account';
import { problemMessage } from './problem';

/** Log out here (spec 4: the stored phone number and e-mail go with the token), or everywhere at once. */
export function SessionsSection() {
  const client = useClient();
  const toast = useToast();
  const leave = useLeaveAccount();
  const [busy, setBusy] = useState<'here' | 'everywhere' | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function logOut() {
    setBusy('here');
    await leave(() => client.session.logout());
    toast({ title: 'You are logged out', tone: 'success' });
  }

  async function signOutEverywhere() {
    setBusy('everywhere');
    setError(null);
    try {
      await leave(() => client.auth.logoutAll());
      toast({
        title: 'Signed out everywhere',
        description: 'Every device needs to sign in again.',
        tone: 'success',
      });
    } catch (failure) {
      setError(problemMessage(failure));
      setBusy(null);
    }
  }

  return (
    <AccountSection
      title="Sessions"
      description="Log out on this device, or end every session on all your devices."
    >
      <div className="flex flex-col items-start gap-3">
        <FormAlert message={error} />
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
