import type { UserPlan } from '@wingmate/api-contract';
import type { Clock } from '@wingmate/runtime';
import { eq } from 'drizzle-orm';
import { addDays } from '../../adapters/payments/billing-periods';
import type { PaymentProvider } from '../../adapters/payments/ports';
import type { AppDatabase } from '../../db/database';
import { plans, userPlans, type PlanRow, type UserPlanRow } from '../../db/schema';
import { Problem } from '../../problem';
import { sendBillingNotice } from './billing-notices';
import { longDate } from './dates';
import { formatUsd } from './money';
import { subscriptionPrice } from './subscription-price';
import { purchasablePlan } from './plans';
import { userPlanJson } from './user-plan-json';

export interface SubscriptionChangesDependencies {
  readonly db: AppDatabase;
  readonly provider: PaymentProvider;
  readonly clock: Clock;
  /** Runs a provider call, turning its failures into the contract's answers. */
  readonly providerCall: <T>(call: () => Promise<T>) => Promise<T>;
}

/** No scheduled change: what a cancel, an undo or an applied change leaves behind. */
export const noScheduledChange = {
  scheduledPlanId: null,
  scheduledChangeAt: null,
  providerScheduleId: null,
} as const;

/**
 * What a member does to a running subscription (docs/decisions.md#money-at-checkout): cancel at period end,
 * resume before it ends, schedule a plan change for the period's end and undo it. Provider calls run before the
 * user plan's row is written, never inside a transaction (the embedded provider shares PGlite's connection).
 */
export class SubscriptionChanges {
  constructor(private readonly deps: SubscriptionChangesDependencies) {}

  /** Cancel at period end: `canceled`, active until `current_period_end`; a scheduled change is dropped. */
  async cancel(userId: number, userPlanId: number): Promise<UserPlan> {
    const { userPlan, plan } = await this.ownSubscription(userId, userPlanId);
    if (userPlan.status === 'canceled' || userPlan.status === 'expired') return userPlanJson(userPlan, plan);
    if (userPlan.complete && userPlan.subscriptionId) {
      const subscriptionId = userPlan.subscriptionId;
      await this.deps.providerCall(() => this.deps.provider.cancelAtPeriodEnd(subscriptionId));
    }
    return this.write(userPlan, plan, {
      status: 'canceled',
      cancelAtPeriodEnd: true,
      // A plan never paid for has no period to run out.
      isActive: userPlan.complete ? userPlan.isActive : false,
      ...noScheduledChange,
    });
  }

  /** Undoes a cancel while the period still runs: the subscription renews again. */
  async resume(userId: number, userPlanId: number): Promise<UserPlan> {
    const { userPlan, plan } = await this.ownSubscription(userId, userPlanId);
    const ended = !userPlan.currentPeriodEnd || userPlan.currentPeriodEnd <= this.now();
    if (userPlan.status === 'expired' || (userPlan.status === 'canceled' && (ended || !userPlan.isActive)))
      throw refused('This plan has already ended; choose a plan to start again.');
    if (userPlan.status !== 'canceled' || !userPlan.complete || !userPlan.subscriptionId)
      throw refused('This plan is not canceled, so there is nothing to resume.');
    const subscriptionId = userPlan.subscriptionId;
    await this.deps.providerCall(() => this.deps.provider.resumeSubscription(subscriptionId));
    return this.write(userPlan, plan, {
      status: inTrial(userPlan, plan) ? 'trialing' : 'active',
      cancelAtPeriodEnd: false,
    });
  }

  /**
   * Schedules a switch to another subscription plan at the end of the current period (no proration, nothing charged
   * now: docs/decisions.md#money-at-checkout). Choosing the current plan again undoes a scheduled change.
   */
  async schedulePlanChange(userId: number, userPlanId: number, planId: number): Promise<UserPlan> {
    const { userPlan, plan } = await this.ownSubscription(userId, userPlanId);
    if (!userPlan.complete || !userPlan.isActive || !userPlan.subscriptionId || !userPlan.currentPeriodEnd)
      throw Problem.notFound();
    if (userPlan.status === 'canceled')
      throw refused('This plan is canceled: resume it before changing plans.');
    if (userPlan.status === 'past_due')
      throw refused('The last payment of this plan failed: update your card before changing plans.');
    const next = await purchasablePlan(this.deps.db, planId);
    if (next.planType === 'metered') throw Problem.field('plan_id', 'Choose a subscription plan.');
    if (next.id === plan.id) return this.cancelPlanChange(userId, userPlanId);
    const subscriptionId = userPlan.subscriptionId;
    const scheduleId = await this.deps.providerCall(() =>
      this.deps.provider.schedulePlanChange({
        subscriptionId,
        scheduleId: userPlan.providerScheduleId,
        nextPrice: subscriptionPrice(next),
      }),
    );
    return this.write(userPlan, plan, {
      scheduledPlanId: next.id,
      scheduledChangeAt: userPlan.currentPeriodEnd,
      providerScheduleId: scheduleId,
    });
  }

  /** Undoes a scheduled change; with none scheduled it answers the plan as it is (a repeated undo is harmless). */
  async cancelPlanChange(userId: number, userPlanId: number): Promise<UserPlan> {
    const { userPlan, plan } = await this.ownSubscription(userId, userPlanId);
    if (userPlan.scheduledPlanId === null) return userPlanJson(userPlan, plan);
    if (userPlan.subscriptionId) {
      const subscriptionId = userPlan.subscriptionId;
      await this.deps.providerCall(() =>
        this.deps.provider.cancelPlanChange(subscriptionId, userPlan.providerScheduleId),
      );
    }
    return this.write(userPlan, plan, noScheduledChange);
  }

  /**
   * Stops a renewal that would pass the spending cap (docs/decisions.md#money-at-checkout): the plan ends at its
   * period's end (Stripe's `cancel_at_period_end`) and the member gets a `billing` notice saying why.
   */
  async endAtSpendingCap(stop: { userPlanId: number; capCents: number; amountCents: number }): Promise<void> {
    const [found] = await this.deps.db
      .select({ userPlan: userPlans, plan: plans })
      .from(userPlans)
      .innerJoin(plans, eq(plans.id, userPlans.planId))
      .where(eq(userPlans.id, stop.userPlanId));
    if (!found?.userPlan.subscriptionId || found.userPlan.cancelAtPeriodEnd) return;
    const { userPlan, plan } = found;
    const subscriptionId = userPlan.subscriptionId!;
    await this.deps.provider.cancelAtPeriodEnd(subscriptionId);
    const now = this.now();
    await this.deps.db.transaction(async (tx) => {
      await tx
        .update(userPlans)
        .set({ status: 'canceled', cancelAtPeriodEnd: true, ...noScheduledChange, updatedAt: now })
        .where(eq(userPlans.id, userPlan.id));
      const ends = userPlan.currentPeriodEnd ? ` on ${longDate(userPlan.currentPeriodEnd)}` : '';
      await sendBillingNotice(tx, userPlan.userId, {
        title: `${plan.name} will end at your spending cap`,
        body:
          `Renewing ${plan.name} for ${formatUsd(stop.amountCents)} would pass your monthly spending cap of ` +
          `${formatUsd(stop.capCents)}, so it will end${ends} instead of renewing. ` +
          'Raise or remove the cap, then resume the plan from your account to keep it.',
        at: now,
      });
    });
  }

  private now(): Date {
    return new Date(this.deps.clock.now());
  }

  private async write(
    userPlan: UserPlanRow,
    plan: PlanRow,
    values: Partial<typeof userPlans.$inferInsert>,
  ): Promise<UserPlan> {
    const [row] = await this.deps.db
      .update(userPlans)
      .set({ ...values, updatedAt: this.now() })
      .where(eq(userPlans.id, userPlan.id))
      .returning();
    return userPlanJson(row!, plan);
  }

  /** The user's own subscription; another user's id, or a message pack, is 404 (never someone else's data). */
  private async ownSubscription(
    userId: number,
    userPlanId: number,
  ): Promise<{ userPlan: UserPlanRow; plan: PlanRow }> {
    const [found] = await this.deps.db
      .select({ userPlan: userPlans, plan: plans })
      .from(userPlans)
      .innerJoin(plans, eq(plans.id, userPlans.planId))
      .where(eq(userPlans.id, userPlanId));
    if (!found || found.userPlan.userId !== userId || found.plan.planType === 'metered')
      throw Problem.notFound();
    return found;
  }
}

/** The period running is the free trial: it ends where the trial ends (a day's slack for the provider's clock). */
function inTrial(userPlan: UserPlanRow, plan: PlanRow): boolean {
  if (plan.trialPeriodDays === 0 || !userPlan.currentPeriodEnd) return false;
  return userPlan.currentPeriodEnd <= addDays(userPlan.createdAt, plan.trialPeriodDays + 1);
}

/** A change the plan's state does not allow: 400 under `non_field_errors` (DRF's shape for a whole request). */
function refused(message: string): Problem {
  return Problem.fields({ non_field_errors: [message] });
}
