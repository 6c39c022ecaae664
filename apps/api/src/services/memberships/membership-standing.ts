import { and, eq, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/database';
import { plans, userPlans } from '../../db/schema';

export interface MembershipStanding {
  /** Sum of `remaining_messages` over the user's active metered plans (docs/product.md#a-members-plans). */
  readonly remainingMessages: number;
  readonly hasSubscription: boolean;
}

/**
 * What the user's plans give them: messages left on active metered plans, and whether a subscription is running
 * (`trialing` counts, and a canceled one until its period ends: docs/decisions.md#memberships-appsapi).
 */
export async function membershipStanding(db: AppDatabase, userId: number): Promise<MembershipStanding> {
  const [row] = await db
    .select({
      remainingMessages: sql<number>`coalesce(sum(${userPlans.remainingMessages}) filter (where ${plans.planType} = 'metered'), 0)::int`,
      subscriptions: sql<number>`count(*) filter (where ${plans.planType} <> 'metered' and ${userPlans.status} in ('active', 'trialing', 'canceled'))::int`,
    })
    .from(userPlans)
    .innerJoin(plans, eq(plans.id, userPlans.planId))
    .where(and(eq(userPlans.userId, userId), eq(userPlans.isActive, true)));
  return {
    remainingMessages: Number(row?.remainingMessages ?? 0),
    hasSubscription: Number(row?.subscriptions ?? 0) > 0,
  };
}
