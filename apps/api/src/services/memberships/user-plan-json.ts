import type { UserPlan } from '@wingmate/api-contract';
import type { PlanRow, UserPlanRow } from '../../db/schema';
import { planJson } from './plans';

/**
 * The contract's UserPlan: metered plans carry `remaining_messages`, subscriptions `current_period_end` and any
 * scheduled plan change.
 */
export function userPlanJson(userPlan: UserPlanRow, plan: PlanRow): UserPlan {
  const metered = plan.planType === 'metered';
  return {
    id: userPlan.id,
    plan: planJson(plan),
    is_active: userPlan.isActive,
    status: userPlan.status,
    complete: userPlan.complete,
    created_at: userPlan.createdAt.toISOString(),
    updated_at: userPlan.updatedAt.toISOString(),
    remaining_messages: metered ? (userPlan.remainingMessages ?? 0) : null,
    current_period_end:
      metered || !userPlan.currentPeriodEnd ? null : userPlan.currentPeriodEnd.toISOString(),
    scheduled_plan_id: userPlan.scheduledPlanId,
    scheduled_change_at: userPlan.scheduledChangeAt?.toISOString() ?? null,
  };
}
