import { formatSystemNumber, toE164UsNumber, type AuthUser } from '@wingmate/core-sdk';
import { Link } from 'react-router-dom';
import { useWebConfig } from '../../frame/config-context';
import { useUserInfo } from '../../stores/user-info';
import { Button, buttonClasses } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { AccountSection } from './AccountSection';

/** The messages left (null = an unlimited plan, decisions.md), with its loading and failed states. */
function MessagesLeft() {
  const { info, status, refresh } = useUserInfo();
  if (info) {
    const left = info.remaining_messages;
    return (
      <p className="text-3xl font-semibold text-ink tabular-nums">
        {left === null || left === undefined ? 'Unlimited' : left.toLocaleString('en')}
      </p>
    );
  }
  if (status === 'failed') {
    return (
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-sm text-danger">We could not load your messages.</p>
        <Button variant="secondary" size="sm" onClick={() => void refresh()}>
          Try again
        </Button>
      </div>
    );
  }
  return <Spinner label="Loading your messages" />;
}

/**
 * The messages left, and the product's SMS number to text (spec 3: `+1 (xxx) xxx-xxxx`): the user's
 * `system_number`, or the configured SMS number when the API gives none.
 */
export function MessagesSection({ user }: { user: AuthUser }) {
  const config = useWebConfig();
  const systemNumber = user.system_number || config.smsPhoneNumber;
  const smsTarget = systemNumber ? toE164UsNumber(systemNumber) : null;
  return (
    <AccountSection title="Messages" description="What you have left to spend on chats, bios and reviews.">
      <div className="flex flex-col gap-6 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex flex-col gap-2">
          <h3 className="text-sm font-medium text-ink-muted">Messages left</h3>
          <MessagesLeft />
          <Link
            to="/pricing"
            className={buttonClasses({ variant: 'secondary', size: 'sm', className: 'self-start' })}
          >
            Get more messages
          </Link>
        </div>
        {systemNumber && (
          <div className="flex flex-col gap-2 sm:text-right">
            <h3 className="text-sm font-medium text-ink-muted">Text us</h3>
            <a
              href={smsTarget ? `sms:${smsTarget}` : undefined}
              className="text-xl font-semibold text-brand underline-offset-2 hover:underline tabular-nums"
            >
              {formatSystemNumber(systemNumber)}
            </a>
            <p className="text-sm text-ink-muted">Chat with Wingmate by text from your phone.</p>
          </div>
        )}
      </div>
    </AccountSection>
  );
}
