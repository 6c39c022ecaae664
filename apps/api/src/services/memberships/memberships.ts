import type {
  CardVerification,
  DynamicPaymentIntent,
  PaymentConfirmation,
  PaymentIntent,
  PaymentMethodCard,
  SavedPaymentMethod,
  UserPlan,
  UserPlanPage,
} from '@wingmate/api-contract';
import type { Clock } from '@wingmate/runtime';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { randomUUID } from 'node:crypto';
import {
  InvalidPaymentAmount,
  PaymentDeclined,
  UnknownPaymentMethod,
  type PaymentProvider,
  type SavedCard,
  type ProviderIntent,
} from '../../adapters/payments/ports';
import { discounted } from '../../adapters/payments/discounts';
import type { AppDatabase } from '../../db/database';
import {
  billingProfiles,
  plans,
  trialClaims,
  userPlans,
  type PlanRow,
  type UserPlanRow,
  type UserRow,
} from '../../db/schema';
import { Problem } from '../../problem';
import { isUniqueViolation } from '../../db/postgres-errors';
import type { ConversionListener } from './conversions';
import { centsToDollars, dollarsToCents } from './money';
import { pageOf, type PageRequest } from '../shared/pages';
import { cheapestMessageRate, purchasablePlan } from './plans';
import { applicableOffer, type AppliedOffer } from './offer-pricing';
import { recordPayment } from './payments';
import { checkSpendingCap } from './spending-cap';
import { releaseReservation, reserveSpending, settleReservations } from './spending-reservations';
import { SubscriptionChanges } from './subscription-changes';
import { subscriptionPrice } from './subscription-price';
import { userPlanJson } from './user-plan-json';

/** Intent states in which nothing was charged and nothing will be without the member: the hold goes. */
const CHARGED_NOTHING = new Set<string>(['requires_payment_method', 'canceled']);

/** The card check's hold (docs/decisions.md#money-chat-uploads-and-ai-limits): default USD 1.00, at most 5.00. */
export const DEFAULT_CARD_CHECK_CENTS = 100;

export interface MembershipsDependencies {
  readonly db: AppDatabase;
  readonly provider: PaymentProvider;
  readonly clock: Clock;
  readonly onConversion: ConversionListener;
  readonly log: FastifyBaseLogger;
}

type BillingProfile = typeof billingProfiles.$inferSelect;

/**
 * Buying plans (docs/decisions.md#memberships-appsapi): the card is saved first, `payment_intent/create/` makes an
 * incomplete user plan with its payment, and `confirm/` settles it. Provider calls never run inside a database
 * transaction (the embedded provider shares PGlite's one connection); the writes after them are conditional, so
 * a repeated or racing confirm settles a plan once.
 */
export class Memberships {
  /** Cancel, resume and plan changes of running subscriptions. */
  readonly subscriptions: SubscriptionChanges;

  constructor(private readonly deps: MembershipsDependencies) {
    this.subscriptions = new SubscriptionChanges({
      db: deps.db,
      provider: deps.provider,
      clock: deps.clock,
      providerCall: (call) => this.provider(call),
    });
  }

  private now(): Date {
    return new Date(this.deps.clock.now());
  }

  private get db(): AppDatabase {
    return this.deps.db;
  }

  async listUserPlans(userId: number, page: PageRequest): Promise<UserPlanPage> {
    const [total] = await this.db.select({ n: count() }).from(userPlans).where(eq(userPlans.userId, userId));
    const rows = await this.db
      .select({ userPlan: userPlans, plan: plans })
      .from(userPlans)
      .innerJoin(plans, eq(plans.id, userPlans.planId))
      .where(eq(userPlans.userId, userId))
      .orderBy(desc(userPlans.createdAt), desc(userPlans.id))
      .limit(page.size)
      .offset((page.number - 1) * page.size);
    return pageOf(
      page,
      total?.n ?? 0,
      rows.map((row) => userPlanJson(row.userPlan, row.plan)),
    );
  }

  async updatePaymentMethod(user: UserRow, paymentMethodId: string): Promise<SavedPaymentMethod> {
    const customerId = await this.customerOf(user);
    const card = await this.provider(() => this.deps.provider.savePaymentMethod(customerId, paymentMethodId));
    await this.saveCard(user.id, customerId, card);
    return { payment_method_id: card.paymentMethodId, brand: card.brand, last4: card.last4 };
  }

  async verifyCard(
    user: UserRow,
    paymentMethodId: string,
    amount: number | undefined,
  ): Promise<CardVerification> {
    const amountCents = amount === undefined ? DEFAULT_CARD_CHECK_CENTS : dollarsToCents(amount);
    const customerId = await this.customerOf(user);
    const card = await this.provider(() =>
      this.deps.provider.verifyCard(customerId, paymentMethodId, amountCents, 'usd'),
    );
    if (card.fingerprint && (await this.trialClaimedBy(user.id, card.fingerprint))) throw trialUsed();
    await this.saveCard(user.id, customerId, card);
    return { verified: true, amount: centsToDollars(amountCents), currency: 'usd' };
  }

  /** The saved card as the account page shows it; 404 when none is saved with the current provider. */
  async paymentMethod(userId: number): Promise<PaymentMethodCard> {
    const [profile] = await this.db.select().from(billingProfiles).where(eq(billingProfiles.userId, userId));
    if (!profile?.paymentMethodId || profile.provider !== this.deps.provider.name)
      throw Problem.notFound('No card is saved.');
    return {
      brand: profile.cardBrand,
      last4: profile.cardLast4,
      exp_month: profile.cardExpMonth,
      exp_year: profile.cardExpYear,
    };
  }

  /**
   * A plan for its price, less a current offer's discount when `offerId` names one: the discount is on the first
   * charge, which for a free trial is the one when the trial ends.
   */
  async createPaymentIntent(user: UserRow, planId: number, offerId?: number): Promise<PaymentIntent> {
    const plan = await purchasablePlan(this.db, planId);
    if (offerId === undefined) return this.buy(user, plan, null);
    return this.buy(user, plan, await applicableOffer(this.db, offerId, plan, this.now()));
  }

  /** Messages at the cheapest metered rate: floor(amount / per-message price), computed in cents. */
  async createDynamicPaymentIntent(user: UserRow, amount: number): Promise<DynamicPaymentIntent> {
    const amountCents = dollarsToCents(amount);
    const rate = await cheapestMessageRate(this.db);
    const messages = Math.floor((amountCents * rate.messages) / rate.priceCents);
    if (messages < 1) throw Problem.field('amount', 'This amount buys no messages.');
    await checkSpendingCap(this.db, user.id, amountCents, this.now());
    // No saved card, no plan row: each refused call would otherwise leave an orphan plan behind.
    await this.profileWithCard(user.id);
    // A one-off pack: a plan of its own, kept out of the lists, so the user plan shows what was bought.
    const [plan] = await this.db
      .insert(plans)
      .values({
        code: `custom-${randomUUID()}`,
        name: `${messages} messages`,
        planType: 'metered',
        recurring: 1,
        billingPeriod: null,
        messages,
        priceCents: amountCents,
        currency: rate.currency,
        listed: false,
      })
      .returning();
    try {
      return { ...(await this.buy(user, plan!, null)), messages };
    } catch (error) {
      // Nothing was bought (the provider refused before any user plan was made): the pack's plan goes too.
      await this.db
        .delete(plans)
        .where(eq(plans.id, plan!.id))
        .catch(() => undefined);
      throw error;
    }
  }

  async confirmPaymentIntent(userId: number, paymentRef: string): Promise<PaymentConfirmation> {
    const found = await this.userPlanByRef(userId, paymentRef);
    if (found.userPlan.complete)
      return { user_plan: userPlanJson(found.userPlan, found.plan), status: 'succeeded' };
    // A trial starts without a payment: its ref is the subscription, already trialing at the provider.
    if (found.userPlan.subscriptionId === paymentRef) {
      return { user_plan: await this.settle(found.userPlan.id), status: 'succeeded' };
    }
    // The cap holds the amount before the provider charges (docs/decisions.md#spending-reservations): of
    // confirms made side by side, those that would pass it together are refused here.
    const reservation = await reserveSpending(this.db, {
      userId,
      amountCents: found.userPlan.amountCents,
      currency: found.userPlan.currency,
      paymentRef,
      now: this.now(),
    });
    const intent = await this.provider(() => this.deps.provider.confirmPaymentIntent(paymentRef)).catch(
      async (error: unknown) => {
        // A decline charged nothing; any other failure leaves the charge unknown, so its hold lapses instead.
        if (error instanceof Problem && error.statusCode === 402)
          await this.declined(found.userPlan, reservation);
        throw error;
      },
    );
    if (intent.status !== 'succeeded') {
      if (!CHARGED_NOTHING.has(intent.status))
        return { user_plan: userPlanJson(found.userPlan, found.plan), status: intent.status };
      const declined = await this.declined(found.userPlan, reservation);
      return { user_plan: userPlanJson(declined, found.plan), status: intent.status };
    }
    const settled = await this.settle(found.userPlan.id);
    await releaseReservation(this.db, reservation);
    return { user_plan: settled, status: 'succeeded' };
  }

  /**
   * A payment that was declined: its hold goes, and its unpaid plan is marked updated, so the member's plan list
   * stops showing it as a purchase under way (docs/product.md#what-things-cost).
   */
  private async declined(userPlan: UserPlanRow, reservation: number): Promise<UserPlanRow> {
    await releaseReservation(this.db, reservation);
    const [row] = await this.db
      .update(userPlans)
      // Clients read an incomplete plan updated within 50 ms of its creation as untouched (a purchase under way):
      // a decline that came at once must still read as an update, so it is dated at least a second after creation.
      .set({ updatedAt: sql`greatest(${this.now()}, ${userPlans.createdAt} + interval '1 second')` })
      .where(and(eq(userPlans.id, userPlan.id), eq(userPlans.complete, false)))
      .returning();
    return row ?? userPlan;
  }

  /**
   * Activates a paid (or trial) user plan once: only an incomplete row moves, so confirm, a webhook and a
   * retry can all call this. The conversion is reported by the call that moved it.
   */
  async settle(userPlanId: number): Promise<UserPlan> {
    const now = this.now();
    const moved = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(userPlans)
        .set({
          complete: true,
          isActive: true,
          status: sql`case when ${userPlans.amountCents} = 0 and ${userPlans.subscriptionId} is not null then 'trialing' else 'active' end`,
          remainingMessages: sql`(select ${plans.messages} from ${plans} where ${plans.id} = ${userPlans.planId})`,
          updatedAt: now,
        })
        .where(and(eq(userPlans.id, userPlanId), eq(userPlans.complete, false)))
        .returning();
      // The billing history and the spending cap count the payment in the same transaction as the plan.
      if (row && row.amountCents > 0 && row.paymentRef) {
        const [plan] = await tx.select().from(plans).where(eq(plans.id, row.planId));
        await recordPayment(tx, {
          userId: row.userId,
          userPlanId: row.id,
          planId: row.planId,
          provider: row.provider,
          paymentRef: row.paymentRef,
          status: 'succeeded',
          amountCents: row.amountCents,
          currency: row.currency,
          description: plan?.name ?? 'Plan',
          createdAt: now,
        });
        await settleReservations(tx, row.paymentRef);
      }
      return row;
    });
    const { userPlan, plan } = await this.userPlanById(userPlanId);
    if (moved) await this.reportConversion(moved);
    return userPlanJson(userPlan, plan);
  }

  private async buy(user: UserRow, plan: PlanRow, offer: AppliedOffer | null): Promise<PaymentIntent> {
    const profile = await this.profileWithCard(user.id);
    const trial = plan.planType !== 'metered' && plan.trialPeriodDays > 0;
    const chargeCents = trial ? 0 : discounted(plan.priceCents, offer?.percentOff ?? 0);
    await checkSpendingCap(this.db, user.id, chargeCents, this.now());
    if (trial) await this.claimTrial(user.id, profile.cardFingerprint);
    try {
      return plan.planType === 'metered'
        ? await this.buyPack(user, plan, profile, offer)
        : await this.subscribe(user, plan, profile, offer);
    } catch (error) {
      if (trial) await this.db.delete(trialClaims).where(eq(trialClaims.userId, user.id));
      throw error;
    }
  }

  private async buyPack(
    user: UserRow,
    plan: PlanRow,
    profile: BillingProfile,
    offer: AppliedOffer | null,
  ): Promise<PaymentIntent> {
    const intent = await this.provider(() =>
      this.deps.provider.createPaymentIntent({
        customerId: profile.customerId,
        paymentMethodId: profile.paymentMethodId!,
        amountCents: discounted(plan.priceCents, offer?.percentOff ?? 0),
        currency: plan.currency,
        description: plan.name,
        metadata: { user_id: String(user.id), plan_code: plan.code },
      }),
    );
    const userPlan = await this.insertUserPlan(user.id, plan, {
      paymentRef: intent.id,
      remainingMessages: 0,
      amountCents: intent.amountCents,
      offerId: offer?.offerId ?? null,
    });
    return this.intentJson(intent, userPlan, plan);
  }

  private async subscribe(
    user: UserRow,
    plan: PlanRow,
    profile: BillingProfile,
    offer: AppliedOffer | null,
  ): Promise<PaymentIntent> {
    const subscription = await this.provider(() =>
      this.deps.provider.createSubscription({
        customerId: profile.customerId,
        paymentMethodId: profile.paymentMethodId!,
        price: subscriptionPrice(plan),
        trialDays: plan.trialPeriodDays,
        discountPercent: offer?.percentOff ?? 0,
        metadata: { user_id: String(user.id), plan_code: plan.code },
      }),
    );
    const intent = subscription.latestIntent;
    const userPlan = await this.insertUserPlan(user.id, plan, {
      paymentRef: intent?.id ?? subscription.id,
      subscriptionId: subscription.id,
      currentPeriodEnd: subscription.currentPeriodEnd,
      amountCents: intent ? intent.amountCents : 0,
      offerId: offer?.offerId ?? null,
    });
    if (intent) return this.intentJson(intent, userPlan, plan);
    return {
      payment_intent_id: subscription.id,
      client_secret: '',
      amount: 0,
      currency: plan.currency,
      provider: this.deps.provider.name,
      user_plan: userPlanJson(userPlan, plan),
    };
  }

  private async insertUserPlan(
    userId: number,
    plan: PlanRow,
    values: Partial<typeof userPlans.$inferInsert> & { paymentRef: string },
  ): Promise<UserPlanRow> {
    const now = new Date(this.deps.clock.now());
    const [row] = await this.db
      .insert(userPlans)
      .values({
        userId,
        planId: plan.id,
        provider: this.deps.provider.name,
        status: 'incomplete',
        amountCents: plan.priceCents,
        currency: plan.currency,
        createdAt: now,
        updatedAt: now,
        ...values,
      })
      .returning();
    return row!;
  }

  private intentJson(intent: ProviderIntent, userPlan: UserPlanRow, plan: PlanRow): PaymentIntent {
    return {
      payment_intent_id: intent.id,
      client_secret: intent.clientSecret,
      amount: centsToDollars(intent.amountCents),
      currency: intent.currency,
      provider: this.deps.provider.name,
      user_plan: userPlanJson(userPlan, plan),
    };
  }

  /**
   * One free trial per account and per card (docs/decisions.md#memberships-appsapi); both are unique in `trial_claims`.
   */
  private async claimTrial(userId: number, fingerprint: string | null): Promise<void> {
    try {
      await this.db.insert(trialClaims).values({ userId, cardFingerprint: fingerprint ?? `user:${userId}` });
    } catch (error) {
      if (isUniqueViolation(error)) throw trialUsed();
      throw error;
    }
  }

  private async trialClaimedBy(userId: number, fingerprint: string): Promise<boolean> {
    const [claim] = await this.db
      .select({ userId: trialClaims.userId })
      .from(trialClaims)
      .where(eq(trialClaims.cardFingerprint, fingerprint));
    return claim !== undefined && claim.userId !== userId;
  }

  private async customerOf(user: UserRow): Promise<string> {
    const [profile] = await this.db.select().from(billingProfiles).where(eq(billingProfiles.userId, user.id));
    const existing = profile?.provider === this.deps.provider.name ? profile.customerId : null;
    const name = `${user.firstName} ${user.lastName}`.trim();
    return this.provider(() =>
      this.deps.provider.ensureCustomer({ id: user.id, email: user.email, name }, existing),
    );
  }

  private async saveCard(userId: number, customerId: string, card: SavedCard): Promise<void> {
    const values = {
      provider: this.deps.provider.name,
      customerId,
      paymentMethodId: card.paymentMethodId,
      cardBrand: card.brand,
      cardLast4: card.last4,
      cardFingerprint: card.fingerprint,
      cardExpMonth: card.expMonth,
      cardExpYear: card.expYear,
      updatedAt: this.now(),
    };
    await this.db
      .insert(billingProfiles)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: billingProfiles.userId, set: values });
  }

  private async profileWithCard(userId: number): Promise<BillingProfile> {
    const [profile] = await this.db.select().from(billingProfiles).where(eq(billingProfiles.userId, userId));
    if (!profile?.paymentMethodId || profile.provider !== this.deps.provider.name) {
      throw Problem.fields({
        non_field_errors: ['No saved card: save one with payment-method/update/ (or verify-card/) first.'],
      });
    }
    return profile;
  }

  private async userPlanByRef(
    userId: number,
    paymentRef: string,
  ): Promise<{ userPlan: UserPlanRow; plan: PlanRow }> {
    const [row] = await this.db
      .select({ userPlan: userPlans, plan: plans })
      .from(userPlans)
      .innerJoin(plans, eq(plans.id, userPlans.planId))
      .where(and(eq(userPlans.paymentRef, paymentRef), eq(userPlans.userId, userId)));
    if (!row) throw Problem.notFound();
    return row;
  }

  private async userPlanById(userPlanId: number): Promise<{ userPlan: UserPlanRow; plan: PlanRow }> {
    const [row] = await this.db
      .select({ userPlan: userPlans, plan: plans })
      .from(userPlans)
      .innerJoin(plans, eq(plans.id, userPlans.planId))
      .where(eq(userPlans.id, userPlanId));
    if (!row) throw Problem.notFound();
    return row;
  }

  private async reportConversion(userPlan: UserPlanRow): Promise<void> {
    const trial = userPlan.status === 'trialing';
    try {
      await this.deps.onConversion({
        userId: userPlan.userId,
        name: trial ? 'StartTrial' : 'Purchase',
        value: centsToDollars(userPlan.amountCents),
        currency: userPlan.currency.toUpperCase(),
        eventId: `${trial ? 'trial' : 'purchase'}-user-plan-${userPlan.id}`,
      });
    } catch (error) {
      // A conversion is for attribution: it never undoes a payment.
      this.deps.log.warn({ err: error }, 'conversion listener failed');
    }
  }

  /** Provider failures in the contract's words: a decline is 402, an unknown card id a field error. */
  private async provider<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof PaymentDeclined) throw Problem.detail(402, error.message, error.code);
      if (error instanceof UnknownPaymentMethod) throw Problem.field('payment_method_id', error.message);
      if (error instanceof InvalidPaymentAmount) throw Problem.field('amount', error.message);
      throw error;
    }
  }
}

function trialUsed(): Problem {
  return Problem.detail(409, 'A free trial was already used by this account or this card.', 'trial_used');
}
