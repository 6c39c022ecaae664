import { CARD_CHECK_AMOUNT } from '@wingmate/core-sdk';
import { formatDay, formatMoney, periodLength, trialEndsAt, type ShownPlan } from './plan-text';

export interface TrialTermsProps {
  plan: ShownPlan;
  price: number;
  startMs: number;
  /** The member's e-mail address: the reminder is mailed, so it is promised only to someone with one. */
  email: string | null | undefined;
}

/**
 * A trial's terms, shown before the card is asked for (docs/product.md#what-things-cost): the price and the day
 * the first payment is taken unless the member cancels, the reminder when there is an address to mail it to, and
 * the card check's hold.
 */
export function TrialTerms({ plan, price, startMs, email }: TrialTermsProps) {
  const firstPayment = formatDay(trialEndsAt(plan, startMs));
  const period = periodLength(plan);
  const afterwards = `${formatMoney(plan.price, plan.currency)} every ${period}`;
  return (
    <div className="flex flex-col gap-2 border-t border-line pt-3 text-ink">
      <p className="flex justify-between font-semibold">
        <span>Due today</span>
        <span className="tabular-nums">{formatMoney(0, plan.currency)}</span>
      </p>
      <p data-testid="trial-terms">
        {price === 0 ? (
          // An offer of 100 % off: nothing is charged when the trial ends, so no amount "on" that day.
          <>
            Free for {plan.trial_period_days} days, and <strong>the first {period} after that is free</strong>{' '}
            with your offer; then {afterwards} unless you cancel.
          </>
        ) : (
          <>
            Free for {plan.trial_period_days} days, then{' '}
            <strong>
              {formatMoney(price, plan.currency)} on {firstPayment} unless you cancel
            </strong>
            {price !== plan.price && ` (your offer's price for the first ${period}), then ${afterwards}`}.
          </>
        )}{' '}
        {email
          ? 'We remind you by e-mail 3 days before.'
          : 'You can cancel on your account page any time before then.'}
      </p>
      <p className="text-sm text-ink-muted">
        To check your card we place a {formatMoney(CARD_CHECK_AMOUNT, 'usd')} hold and release it at once.
      </p>
    </div>
  );
}
