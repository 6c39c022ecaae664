import type { AuthUser } from '@wingmate/core-sdk';
import type { ReactNode } from 'react';
import { AccountSection } from './AccountSection';
import { EmailChangeDialog } from './EmailChangeDialog';
import { PasswordDialog } from './PasswordDialog';
import { PhoneChangeDialog } from './PhoneChangeDialog';
import { displayUsNumber } from './us-number';

/** One sign-in detail: what it is, its value (or that there is none), and the control that changes it. */
function DetailRow({ term, value, action }: { term: string; value: ReactNode; action: ReactNode }) {
  return (
    <div className="py-4 first:pt-0 last:pb-0">
      <dt className="text-sm font-medium text-ink-muted">{term}</dt>
      <dd className="mt-0.5 flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <span className="min-w-0 break-words text-ink">{value}</span>
        {action}
      </dd>
    </div>
  );
}

const none = (text: string) => <span className="text-ink-muted">{text}</span>;

/** How the person signs in: phone number, e-mail and password, each with its change flow. */
export function SignInSection({ user }: { user: AuthUser }) {
  return (
    <AccountSection
      title="Sign-in details"
      description="The phone number, email and password you sign in with."
    >
      <dl className="divide-y divide-line">
        <DetailRow
          term="Phone number"
          value={user.phone_number ? displayUsNumber(user.phone_number) : none('Not added')}
          action={<PhoneChangeDialog user={user} />}
        />
        <DetailRow
          term="Email"
          value={user.email ?? none('Not added')}
          action={<EmailChangeDialog user={user} />}
        />
        <DetailRow
          term="Password"
          value={user.has_password ? '••••••••' : none('Not set')}
          action={<PasswordDialog user={user} />}
        />
      </dl>
    </AccountSection>
  );
}
