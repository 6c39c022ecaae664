import type { Clock } from '@wingmate/core-sdk';
import { and, eq, inArray, isNotNull, lte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { addBillingPeriods, addDays } from '../../adapters/payments/billing-periods';
import { PaymentDeclined, type PaymentProvider } from '../../adapters/payments/ports';
import type { AppDatabase } from '../../db/database';
import { billingProfiles, plans, userPlans, type PlanRow, type UserPlanRow } from '../../db/schema';

/** A renewal that keeps failing ends the subscription this long after its period ended. */
export const PAST_DUE_GRACE_DAYS = 7;

export interface RenewalResult {
  readonly renewed: number;
  readonly ended: number;
  readonly failed: number;
}

/**
 * Ends or renews the embedded provider's subscriptions whose period is over (Stripe renews its own and tells us
 * by webhook). Canceled plans end; others charge the saved card for the next period, or go `past_due` and end
 * after the grace days. Each plan moves only from the state it was read in, so two instances running this at
 * once do not renew a plan twice.
 */
export async function runLocalRenewals(
  db: AppDatabase,
  provider: PaymentProvider,
  clock: Clock,
  log?: FastifyBaseLogger,
): Promise<RenewalResult> {
  const now = new Date(clock.now());
  const due = await db
    .select({ userPlan: userPlans, plan: plans })
    .from(userPlans)
    .innerJoin(plans, eq(plans.id, userPlans.planId))
    .where(
      and(
        eq(userPlans.provider, 'local'),
        eq(userPlans.complete, true),
        inArray(userPlans.status, ['active', 'trialing', 'canceled', 'past_due']),
        isNotNull(userPlans.subscriptionId),
        lte(userPlans.currentPeriodEnd, now),
      ),
    );
  const result = { renewed: 0, ended: 0, failed: 0 };
  for (const { userPlan, plan } of due) {
    const outcome = await renewOne(db, provider, now, userPlan, plan).catch((error: unknown) => {
      log?.error({ err: error, userPlanId: userPlan.id }, 'renewal failed');
      return 'failed' as const;
    });
    result[outcome]++;
  }
  return result;
}

async function renewOne(
  db: AppDatabase,
  provider: PaymentProvider,
  now: Date,
  userPlan: UserPlanRow,
  plan: PlanRow,
): Promise<keyof RenewalResult> {
  const periodEnd = userPlan.currentPeriodEnd!;
  const unchanged = and(
    eq(userPlans.id, userPlan.id),
    eq(userPlans.status, userPlan.status),
    eq(userPlans.currentPeriodEnd, periodEnd),
  );
  const graceOver = addDays(periodEnd, PAST_DUE_GRACE_DAYS) <= now;
  if (
    userPlan.cancelAtPeriodEnd ||
    userPlan.status === 'canceled' ||
    (userPlan.status === 'past_due' && graceOver)
  ) {
    await db.update(userPlans).set({ status: 'expired', isActive: false, updatedAt: now }).where(unchanged);
    return 'ended';
  }
  const [profile] = await db
    .select()
    .from(billingProfiles)
    .where(eq(billingProfiles.userId, userPlan.userId));
  try {
    if (!profile?.paymentMethodId) throw new PaymentDeclined('no_payment_method', 'No saved card.');
    const intent = await provider.createPaymentIntent({
      customerId: profile.customerId,
      paymentMethodId: profile.paymentMethodId,
      amountCents: plan.priceCents,
      currency: plan.currency,
      description: `${plan.name} renewal`,
      metadata: { user_plan_id: String(userPlan.id) },
    });
    await provider.confirmPaymentIntent(intent.id);
  } catch (error) {
    if (!(error instanceof PaymentDeclined)) throw error;
    await db.update(userPlans).set({ status: 'past_due', isActive: false, updatedAt: now }).where(unchanged);
    return 'failed';
  }
  const nextEnd = addBillingPeriods(periodEnd, plan.billingPeriod ?? 'MONTH', plan.recurring);
  await db
    .update(userPlans)
    .set({
      status: 'active',
      isActive: true,
      currentPeriodEnd: nextEnd,
      amountCents: plan.priceCents,
      updatedAt: now,
    })
    .where(unchanged);
  return 'renewed';
}
