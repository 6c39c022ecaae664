import { useId } from 'react';
import { Link } from 'react-router-dom';
import type { DerivedPlan } from '@wingmate/core-sdk';
import { Badge, Button, buttonClasses, Card, cn } from '../../ui';
import {
  DISABLED_PLAN_REASON,
  formatPeriodPrice,
  offerLine,
  planName,
  totalLine,
  type ShownPlan,
} from './plan-text';

export interface PlanCardProps {
  plan: DerivedPlan<ShownPlan>;
  /** The member holds this plan now. */
  isCurrent: boolean;
  /** The offer's price when one applies to this plan. */
  offerPrice?: number;
  onChoose: (plan: DerivedPlan<ShownPlan>) => void;
}

/** One plan: its tags, the per-period price, what a payment buys, and "Buy" or "Start free trial". */
export function PlanCard({ plan, isCurrent, offerPrice, onChoose }: PlanCardProps) {
  const titleId = useId();
  const reasonId = useId();
  const action = plan.isFreeTrial ? 'Start free trial' : 'Buy';
  return (
    <Card
      role="article"
      aria-labelledby={titleId}
      className={cn(
        'flex h-full flex-col gap-4',
        plan.isMostPopular && !plan.isDisabled && 'border-brand ring-1 ring-brand',
        plan.isDisabled && 'bg-surface-muted',
      )}
    >
      <div className="flex flex-wrap items-center gap-2">
        {isCurrent && <Badge tone="success">Your plan</Badge>}
        {plan.tags.map((tag) => (
          <Badge key={tag} tone={tag === 'Most popular' ? 'brand' : 'neutral'}>
            {tag}
          </Badge>
        ))}
      </div>
      <h3 id={titleId} className="font-sans text-lg font-semibold text-ink">
        {planName(plan)}
      </h3>
      <p className="flex items-baseline gap-1 text-ink">
        <span className="text-3xl font-semibold tabular-nums">{formatPeriodPrice(plan)}</span>
        <span className="text-sm text-ink-muted">/ {plan.periodUnit || 'once'}</span>
      </p>
      <div className="text-sm text-ink-muted">
        {offerPrice !== undefined ? (
          <p className="font-semibold text-ink">{offerLine(plan, offerPrice)}</p>
        ) : (
          <p>{totalLine(plan)}</p>
        )}
        {plan.isFreeTrial && <p>Free for {plan.trial_period_days} days, then billed. Cancel any time.</p>}
      </div>
      <div className="mt-auto pt-2">
        {isCurrent ? (
          <Link to="/account" className={buttonClasses({ variant: 'secondary', className: 'w-full' })}>
            Manage plan
          </Link>
        ) : (
          <Button
            className="w-full"
            variant={plan.isMostPopular ? 'primary' : 'secondary'}
            disabled={plan.isDisabled}
            aria-describedby={plan.isDisabled ? reasonId : undefined}
            onClick={() => onChoose(plan)}
          >
            {action}
          </Button>
        )}
        {plan.isDisabled && (
          <p id={reasonId} className="mt-2 text-sm text-ink-muted">
            {DISABLED_PLAN_REASON}
          </p>
        )}
      </div>
    </Card>
  );
}
