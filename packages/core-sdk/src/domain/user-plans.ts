import { systemClock, type Clock } from '@wingmate/runtime';

/** The fields of a user's membership plan the client reads (docs/product.md#a-members-plans). */
export interface UserPlanFields {
  plan: { plan_type: string };
  is_active: boolean;
  status: string;
  complete: boolean;
  created_at: string;
  updated_at: string;
  remaining_messages: number | null;
}

/** A plan just bought stays visible this long while its payment settles (docs/product.md#a-members-plans). */
export const PENDING_PLAN_VISIBLE_MS = 5_000;
/** ...if its record was updated within this long of its creation, i.e. not touched since. */
export const PENDING_PLAN_UPDATE_WINDOW_MS = 50;

/**
 * The server writes `canceled`, the client's 404 fallback `cancelled`: both read alike (docs/decisions.md#core-sdk).
 */
export const isCancelled = (plan: Pick<UserPlanFields, 'status'>) =>
  plan.status === 'canceled' || plan.status === 'cancelled';

/** Active, `trialing` included (docs/decisions.md#memberships-appsapi). */
export const isActivePlan = (plan: Pick<UserPlanFields, 'is_active' | 'status'>) =>
  plan.is_active || plan.status === 'active' || plan.status === 'trialing';

const isMetered = (plan: UserPlanFields) => plan.plan.plan_type === 'metered';

function isFreshPending(plan: UserPlanFields, now: number): boolean {
  const created = Date.parse(plan.created_at);
  const updated = Date.parse(plan.updated_at);
  return (
    !plan.complete &&
    now - created < PENDING_PLAN_VISIBLE_MS &&
    Math.abs(updated - created) <= PENDING_PLAN_UPDATE_WINDOW_MS
  );
}

/**
 * Non-metered plans that are active, cancelled, or pending payment for under 5 s with no update since their
 * creation; newest first (docs/product.md#a-members-plans).
 */
export function visibleUserPlans<P extends UserPlanFields>(
  plans: readonly P[],
  clock: Clock = systemClock,
): P[] {
  const now = clock.now();
  return plans
    .filter(
      (plan) => !isMetered(plan) && (isActivePlan(plan) || isCancelled(plan) || isFreshPending(plan, now)),
    )
    .sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at));
}

/**
 * The first visible plan that is running or cancelled, or null. A plan whose payment is pending (or was declined)
 * is shown for its few seconds but is never the current plan (docs/product.md#what-things-cost).
 */
export function currentUserPlan<P extends UserPlanFields>(
  plans: readonly P[],
  clock: Clock = systemClock,
): P | null {
  return visibleUserPlans(plans, clock).find((plan) => isActivePlan(plan) || isCancelled(plan)) ?? null;
}

/**
 * When the list of visible plans next changes by itself: the moment the first pending plan shown stops being
 * shown (its 5 s are over). Null when no pending plan is shown. Screens redraw then, without a reload.
 */
export function nextVisibleChangeAt(
  plans: readonly UserPlanFields[],
  clock: Clock = systemClock,
): number | null {
  const now = clock.now();
  const ends = plans
    .filter((plan) => !isMetered(plan) && isFreshPending(plan, now))
    .map((plan) => Date.parse(plan.created_at) + PENDING_PLAN_VISIBLE_MS);
  return ends.length > 0 ? Math.min(...ends) : null;
}

/**
 * Sum of `remaining_messages` over the active metered plans (docs/product.md#the-clients-rules-core-sdk).
 * The server's `remaining_messages` of a person also counts their free messages: that is the number to show.
 */
export function planMessagesLeft(plans: readonly UserPlanFields[]): number {
  return plans
    .filter((plan) => isMetered(plan) && isActivePlan(plan))
    .reduce((sum, plan) => sum + (plan.remaining_messages ?? 0), 0);
}

/** The record a cancel that answered 404 leaves: no longer active, `cancelled` (docs/product.md#a-members-plans). */
export function markCancelled<P extends UserPlanFields>(plan: P): P {
  // `cancelled` is the client's own spelling, outside the server's status list; readers take both
  // (docs/decisions.md#core-sdk).
  return { ...plan, is_active: false, status: 'cancelled' };
}
