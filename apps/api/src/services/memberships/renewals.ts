import type { Clock } from '@wingmate/core-sdk';
import { and, eq, inArray, isNotNull, isNull, lte, or } from 'drizzle-orm';
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
  /** Claimed by another job running at the same time (another instance): left to it. */
  readonly skipped: number;
}

/**
 * Ends or renews the embedded provider's subscriptions whose period is over (Stripe renews its own and tells us
 * by webhook). Canceled plans end; others charge the saved card for the next period, or go `past_due` and end
 * after the grace days. A plan is claimed (a conditional update) before its card is charged, and the charge
 * carries an idempotency key per plan and period, so two instances running this at once, or a run after one
 * that died between the charge and the update, charge a period once.
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
  const result = { renewed: 0, ended: 0, failed: 0, skipped: 0 };
  for (const { userPlan, plan } of due) {
    const outcome = await renewOne(db, provider, now, userPlan, plan).catch((error: unknown) => {
      log?.error({ err: error, userPlanId: userPlan.id }, 'renewal failed');
      return 'failed' as const;
    });
    result[outcome]++;
  }
  return result;
}

/** How long a renewal job holds a plan it is charging; a job that dies lets the claim lapse after this. */
export const RENEWAL_CLAIM_MS = 10 * 60 * 1000;

/**
 * The provider's idempotency key of one renewal charge: the plan, the period it pays for and the card. Charging
 * again (a retry after a crash, a second instance) answers the same payment instead of a new one; a card changed
 * while the plan is past due makes a new attempt.
 */
export function renewalIdempotencyKey(userPlanId: number, periodEnd: Date, paymentMethodId: string): string {
  return `renewal:${userPlanId}:${periodEnd.toISOString()}:${paymentMethodId}`;
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
  // Claim the plan before charging: of two jobs (two instances, or two runs at once) only one charges.
  const claimedUntil = new Date(now.getTime() + RENEWAL_CLAIM_MS);
  const [claimed] = await db
    .update(userPlans)
    .set({ renewalClaimedUntil: claimedUntil })
    .where(and(unchanged, or(isNull(userPlans.renewalClaimedUntil), lte(userPlans.renewalClaimedUntil, now))))
    .returning({ id: userPlans.id });
  if (!claimed) return 'skipped';
  const ours = and(unchanged, eq(userPlans.renewalClaimedUntil, claimedUntil));
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
      idempotencyKey: renewalIdempotencyKey(userPlan.id, periodEnd, profile.paymentMethodId),
    });
    await provider.confirmPaymentIntent(intent.id);
  } catch (error) {
    if (!(error instanceof PaymentDeclined)) {
      // The charge is idempotent, so the next run may safely try again: the claim is given up now.
      await db.update(userPlans).set({ renewalClaimedUntil: null }).where(ours);
      throw error;
    }
    await db
      .update(userPlans)
      .set({ status: 'past_due', isActive: false, renewalClaimedUntil: null, updatedAt: now })
      .where(ours);
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
      renewalClaimedUntil: null,
      updatedAt: now,
    })
    .where(ours);
  return 'renewed';
}
