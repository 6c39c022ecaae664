import type { Clock } from '@wingmate/runtime';
import { and, eq, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { addBillingPeriods, addDays } from '../../adapters/payments/billing-periods';
import { PaymentDeclined, type PaymentProvider } from '../../adapters/payments/ports';
import type { AppDatabase } from '../../db/database';
import { discounted } from '../../adapters/payments/discounts';
import { billingProfiles, offers, plans, userPlans, type PlanRow, type UserPlanRow } from '../../db/schema';
import { sendBillingNotice } from './billing-notices';
import { formatUsd } from './money';
import { recordPayment } from './payments';
import { capOverrun, monthlyCapCents, SPENDING_CAP_CODE } from './spending-cap';
import { releaseReservation, reserveSpending, settleReservations } from './spending-reservations';
import { Problem } from '../../problem';
import { noScheduledChange } from './subscription-changes';

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
 * Ends or renews the embedded provider's subscriptions whose period is over (Stripe renews its own and tells us by
 * webhook). Canceled plans end; others charge the saved card for the next period (on the scheduled plan when a change
 * is due), or go `past_due` and end after the grace days. A renewal that would pass the spending cap ends the plan
 * instead, with a notice (docs/decisions.md#money-at-checkout). Every charge, paid or declined, joins the billing
 * history in the transaction that moves the plan. A plan is claimed (a conditional update) before its card is charged,
 * and the charge carries an idempotency key per plan and period, so two instances running this at once, or a run after
 * one that died between the charge and the update, charge a period once.
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
  currentPlan: PlanRow,
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
    await db
      .update(userPlans)
      .set({ status: 'expired', isActive: false, ...noScheduledChange, updatedAt: now })
      .where(unchanged);
    return 'ended';
  }
  const plan = (await scheduledPlanDue(db, userPlan, now)) ?? currentPlan;
  const trialEnds = userPlan.status === 'trialing';
  const chargeCents = trialEnds ? await firstChargeCents(db, userPlan, plan) : plan.priceCents;
  const overrun = await capOverrun(db, userPlan.userId, chargeCents, now);
  if (overrun) {
    await endForSpendingCap(db, userPlan, plan, now, overrun.capCents, unchanged);
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
  // From here the claim, not the status, says the plan is this job's: a cancel that lands during the charge changes the
  // status, and the charge that went through must still be recorded (docs/decisions.md#spending-reservations).
  const ours = and(
    eq(userPlans.id, userPlan.id),
    eq(userPlans.currentPeriodEnd, periodEnd),
    eq(userPlans.renewalClaimedUntil, claimedUntil),
  );
  const [profile] = await db
    .select()
    .from(billingProfiles)
    .where(eq(billingProfiles.userId, userPlan.userId));
  const description = trialEnds ? `${plan.name} (trial ended)` : `${plan.name} renewal`;
  let intentId: string | undefined;
  let reservation: number | undefined;
  try {
    if (!profile?.paymentMethodId) throw new PaymentDeclined('no_payment_method', 'No saved card.');
    if (chargeCents > 0) {
      const intent = await provider.createPaymentIntent({
        customerId: profile.customerId,
        paymentMethodId: profile.paymentMethodId,
        amountCents: chargeCents,
        currency: plan.currency,
        description,
        metadata: { user_plan_id: String(userPlan.id) },
        idempotencyKey: renewalIdempotencyKey(userPlan.id, periodEnd, profile.paymentMethodId),
      });
      intentId = intent.id;
      reservation = await reserveSpending(db, {
        userId: userPlan.userId,
        amountCents: chargeCents,
        currency: plan.currency,
        paymentRef: intent.id,
        now,
      });
      await provider.confirmPaymentIntent(intent.id);
    }
  } catch (error) {
    if (isSpendingCapRefusal(error)) {
      // Another charge took what was left of the cap between the check above and the reservation.
      await db.update(userPlans).set({ renewalClaimedUntil: null }).where(ours);
      await endForSpendingCap(
        db,
        userPlan,
        plan,
        now,
        (await monthlyCapCents(db, userPlan.userId)) ?? 0,
        unchanged,
      );
      return 'ended';
    }
    if (!(error instanceof PaymentDeclined)) {
      // The charge is idempotent, so the next run may safely try again: the claim is given up now.
      await db.update(userPlans).set({ renewalClaimedUntil: null }).where(ours);
      throw error;
    }
    await db.transaction(async (tx) => {
      if (reservation !== undefined) await releaseReservation(tx, reservation);
      const [moved] = await tx
        .update(userPlans)
        .set({ status: 'past_due', isActive: false, renewalClaimedUntil: null, updatedAt: now })
        .where(ours)
        .returning({ id: userPlans.id });
      if (moved && intentId) {
        const charge = { intentId, description, status: 'failed' as const, amountCents: chargeCents };
        await recordPayment(tx, renewalPayment(userPlan, plan, now, charge));
      }
    });
    return 'failed';
  }
  const nextEnd = addBillingPeriods(periodEnd, plan.billingPeriod ?? 'MONTH', plan.recurring);
  await db.transaction(async (tx) => {
    await tx
      .update(userPlans)
      .set({
        // A cancel made during the charge stands: the paid period runs out, then the plan ends.
        status: sql`case when ${userPlans.cancelAtPeriodEnd} then 'canceled' else 'active' end`,
        isActive: true,
        planId: plan.id,
        ...(plan.id !== currentPlan.id && noScheduledChange),
        currentPeriodEnd: nextEnd,
        amountCents: chargeCents,
        renewalClaimedUntil: null,
        updatedAt: now,
      })
      .where(ours);
    if (intentId) {
      // Recorded whatever became of the claim: the payment's ref makes a second record of it an update.
      const charge = { intentId, description, status: 'succeeded' as const, amountCents: chargeCents };
      await recordPayment(tx, renewalPayment(userPlan, plan, now, charge));
      await settleReservations(tx, intentId);
    }
  });
  return 'renewed';
}

function isSpendingCapRefusal(error: unknown): boolean {
  return error instanceof Problem && (error.body as { code?: unknown }).code === SPENDING_CAP_CODE;
}

/** A trial's first charge: the plan's price less the discount of the offer it was bought with, if any. */
async function firstChargeCents(db: AppDatabase, userPlan: UserPlanRow, plan: PlanRow): Promise<number> {
  if (!userPlan.offerId) return plan.priceCents;
  const [offer] = await db.select().from(offers).where(eq(offers.id, userPlan.offerId));
  return offer ? discounted(plan.priceCents, offer.discount) : plan.priceCents;
}

/** The plan a scheduled change switches to, once its time has come (the local provider makes the switch). */
async function scheduledPlanDue(db: AppDatabase, userPlan: UserPlanRow, now: Date): Promise<PlanRow | null> {
  if (!userPlan.scheduledPlanId || !userPlan.scheduledChangeAt || userPlan.scheduledChangeAt > now)
    return null;
  const [next] = await db.select().from(plans).where(eq(plans.id, userPlan.scheduledPlanId));
  return next ?? null;
}

/** The renewal would pass the spending cap: the plan ends now, at its period's end, and the member is told. */
async function endForSpendingCap(
  db: AppDatabase,
  userPlan: UserPlanRow,
  plan: PlanRow,
  now: Date,
  capCents: number,
  unchanged: ReturnType<typeof and>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [ended] = await tx
      .update(userPlans)
      .set({ status: 'expired', isActive: false, ...noScheduledChange, updatedAt: now })
      .where(unchanged)
      .returning({ id: userPlans.id });
    if (!ended) return;
    await sendBillingNotice(tx, userPlan.userId, {
      title: `${plan.name} ended at your spending cap`,
      body:
        `Renewing ${plan.name} for ${formatUsd(plan.priceCents)} would have passed your monthly spending cap of ` +
        `${formatUsd(capCents)}, so it ended instead and nothing was charged. ` +
        'Raise or remove the cap in your account, then choose a plan to start again.',
      at: now,
    });
  });
}

function renewalPayment(
  userPlan: UserPlanRow,
  plan: PlanRow,
  now: Date,
  charge: { intentId: string; description: string; status: 'succeeded' | 'failed'; amountCents: number },
) {
  return {
    userId: userPlan.userId,
    userPlanId: userPlan.id,
    planId: plan.id,
    provider: userPlan.provider,
    paymentRef: charge.intentId,
    status: charge.status,
    amountCents: charge.amountCents,
    currency: plan.currency,
    description: charge.description,
    createdAt: now,
  };
}
