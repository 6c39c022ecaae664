import { isActivePlan, isCancelled } from '@wingmate/core-sdk';
import type { BadgeTone } from '../../../ui';
import { formatDay } from '../../pricing/plan-text';

/** The user plan fields the billing sections read (the contract's user plan, with the scheduled change). */
export interface ShownUserPlan {
  id: number;
  plan: { id: number; name?: string; plan_type: string; price: number; currency: string } & Record<
    string,
    unknown
  >;
  is_active: boolean;
  status: string;
  complete: boolean;
  created_at: string;
  updated_at: string;
  remaining_messages: number | null;
  current_period_end: string | null;
  scheduled_plan_id?: number | null;
  scheduled_change_at?: string | null;
}

/** The status badge: its words and tone. */
export function statusBadge(plan: ShownUserPlan): { label: string; tone: BadgeTone } {
  if (isCancelled(plan)) return { label: 'Canceled', tone: 'warning' };
  if (plan.status === 'trialing') return { label: 'Free trial', tone: 'brand' };
  if (plan.status === 'past_due') return { label: 'Payment failed', tone: 'danger' };
  if (plan.status === 'expired') return { label: 'Ended', tone: 'neutral' };
  if (!plan.complete) return { label: 'Payment pending', tone: 'neutral' };
  return { label: 'Active', tone: 'success' };
}

/** "Renews on Dec 1, 2026", "Active until Dec 1, 2026", "Trial ends on ...": what happens next and when. */
export function periodLine(plan: ShownUserPlan, nowMs: number): string | null {
  const end = plan.current_period_end;
  if (isCancelled(plan)) {
    if (end && Date.parse(end) > nowMs && plan.is_active)
      return `Active until ${formatDay(end)}, then it ends.`;
    return 'Ended.';
  }
  if (!end) return null;
  if (plan.status === 'trialing') return `Trial ends on ${formatDay(end)}; the first payment is taken then.`;
  if (plan.status === 'past_due') return 'We could not charge your card. Replace it below to keep the plan.';
  if (isActivePlan(plan)) return `Renews on ${formatDay(end)}.`;
  return null;
}
