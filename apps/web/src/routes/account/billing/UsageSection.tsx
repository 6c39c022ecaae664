import { messagesLeftToShow } from '@wingmate/core-sdk';
import { Link } from 'react-router-dom';
import { useStore } from 'zustand';
import { RemainingNumber } from '../../../frame/RemainingMessages';
import { buttonClasses, Spinner } from '../../../ui';
import { useUserInfo } from '../../../stores/user-info';
import { AccountSection } from '../AccountSection';
import { usePlanStore } from './use-billing-stores';

/**
 * The remaining messages (the same figure as the header's: `GET user/info/`, refreshed after each payment) and a
 * meter of the active packs used so far.
 */
export function UsageSection() {
  const { info, status } = useUserInfo();
  const plans = usePlanStore();
  // Subscribed so the meter follows the member's plans as they load and change.
  useStore(plans, (state) => state.userPlans.data);
  const { bought, left } = plans.packUsage();
  const remaining = info ? messagesLeftToShow(info) : null;
  const used = Math.max(bought - left, 0);
  return (
    <AccountSection
      title="Message usage"
      description="Replies you can still get, and how much of your packs you used."
    >
      {info === null ? (
        status === 'failed' ? (
          <p className="text-sm text-danger">We could not load your messages.</p>
        ) : (
          <Spinner label="Loading your messages" />
        )
      ) : (
        <div className="flex flex-col gap-4">
          <p className="text-ink">
            <RemainingNumber remaining={remaining} className="text-3xl font-semibold tabular-nums" />{' '}
            <span className="text-ink-muted">messages left</span>
          </p>
          {bought > 0 && (
            <div className="flex flex-col gap-1.5">
              <div
                role="meter"
                aria-label="Message packs used"
                aria-valuemin={0}
                aria-valuemax={bought}
                aria-valuenow={used}
                aria-valuetext={`${used} of ${bought} messages used`}
                className="h-2.5 w-full overflow-hidden rounded-full bg-surface-muted"
              >
                <div
                  className="h-full rounded-full bg-brand"
                  style={{ width: `${(used / bought) * 100}%` }}
                />
              </div>
              <p className="text-sm text-ink-muted">
                {used} of {bought} pack messages used
              </p>
            </div>
          )}
          <Link
            to="/checkout/top-up"
            className={buttonClasses({ variant: 'secondary', size: 'sm', className: 'self-start' })}
          >
            Buy more messages
          </Link>
        </div>
      )}
    </AccountSection>
  );
}
