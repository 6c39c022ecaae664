import { and, eq, sql, type Placeholder } from 'drizzle-orm';
import type { AppDatabase } from '../../db/database';
import { plans, userPlans } from '../../db/schema';

export interface MembershipStanding {
  /** Sum of `remaining_messages` over the user's active metered plans (docs/product.md#a-members-plans). */
  readonly remainingMessages: number;
  readonly hasSubscription: boolean;
}

/**
 * What the user's plans give them: messages left on active metered plans, and whether a subscription is running
 * (`trialing` counts, and a canceled one until its period ends: docs/decisions.md#memberships-appsapi). One read, to
 * be joined with others into one statement; `standingOf` reads its row.
 */
export function membershipStandingQuery(db: AppDatabase, userId: number | Placeholder) {
  return db
    .select({
      remainingMessages:
        sql<number>`coalesce(sum(${userPlans.remainingMessages}) filter (where ${plans.planType} = 'metered'), 0)::int`.as(
          'remaining_messages',
        ),
      subscriptions:
        sql<number>`count(*) filter (where ${plans.planType} <> 'metered' and ${userPlans.status} in ('active', 'trialing', 'canceled'))::int`.as(
          'subscriptions',
        ),
    })
    .from(userPlans)
    .innerJoin(plans, eq(plans.id, userPlans.planId))
    .where(and(eq(userPlans.userId, userId), eq(userPlans.isActive, true)));
}

/** The standing from the read's row. */
export function standingOf(
  row: { remainingMessages: number | null; subscriptions: number | null } | undefined,
): MembershipStanding {
  return {
    remainingMessages: Number(row?.remainingMessages ?? 0),
    hasSubscription: Number(row?.subscriptions ?? 0) > 0,
  };
}
