import { useEffect } from 'react';
import type { AuthUser } from '@wingmate/core-sdk';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { usePageDataPending } from '../../frame/page-data';
import { useSession, useSessionStore } from '../../stores/session';
import { DataSection } from './DataSection';
import { DeleteAccountSection } from './DeleteAccountSection';
import { FormAlert } from './FormAlert';
import { NamesSection } from './NamesSection';
import { NoticesSection } from './NoticesSection';
import { SessionsSection } from './SessionsSection';
import { SignInSection } from './SignInSection';
import { TextWingmateSection } from './TextWingmateSection';
import { BillingSections } from './billing/BillingSections';

/** The signed-in user of the session, loaded on first visit (a sign-in answer may have brought it already). */
function useAccountUser(): { user: AuthUser | null; status: string; retry: () => void } {
  const session = useSessionStore();
  const user = useSession((state) => state.user);
  const status = useSession((state) => state.userStatus);
  usePageDataPending(user === null && (status === 'idle' || status === 'loading'));
  useEffect(() => {
    if (session.getState().userStatus === 'idle') void session.loadUser();
  }, [session, status]);
  return { user, status, retry: () => void session.loadUser() };
}

/**
 * `/account` (docs/web.md#routes): names, sign-in details, texting the wingmate, notices, then the billing sections
 * (plans, messages left and usage, card, history, spending cap), the data export, the sessions and, last, deleting the
 * account.
 */
export function AccountPage() {
  const { user, status, retry } = useAccountUser();
  return (
    <div className="mx-auto w-full max-w-3xl px-gutter py-10 sm:py-14">
      <title>Account · Wingmate</title>
      <h1 className="text-4xl font-semibold text-ink">Account</h1>
      {user ? (
        <AccountSections user={user} />
      ) : status === 'failed' ? (
        <div className="mt-8 flex flex-col items-start gap-4">
          <FormAlert message="We could not load your account." />
          <Button variant="secondary" onClick={retry}>
            Try again
          </Button>
        </div>
      ) : (
        <div className="mt-16 flex justify-center">
          <Spinner size="lg" label="Loading your account" />
        </div>
      )}
    </div>
  );
}

function AccountSections({ user }: { user: AuthUser }) {
  const name = [user.first_name, user.last_name].filter(Boolean).join(' ');
  return (
    <>
      <p className="mt-2 text-ink-muted">
        {name ? `Signed in as ${name}.` : 'Your details, messages and account settings.'}
      </p>
      <div className="mt-8 flex flex-col gap-6">
        <NamesSection user={user} />
        <SignInSection user={user} />
        <TextWingmateSection user={user} />
        <NoticesSection />
        <BillingSections />
        <DataSection />
        <SessionsSection />
        <DeleteAccountSection user={user} />
      </div>
    </>
  );
}
