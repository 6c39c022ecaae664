import type { PaymentIntentStatus } from '@wingmate/api-contract';
import Stripe from 'stripe';
import {
  InvalidPaymentAmount,
  InvalidWebhook,
  PaymentDeclined,
  UnknownPaymentMethod,
  type NewPaymentIntent,
  type NewSubscription,
  type PaymentEvent,
  type PaymentProvider,
  type ProviderIntent,
  type ProviderSubscription,
  type SavedCard,
  type ScheduledPlanChange,
  type SubscriptionPrice,
  type SubscriptionStatus,
} from './ports';

export interface StripeSettings {
  readonly secretKey: string;
  readonly webhookSecret: string | undefined;
  /** Where Stripe's API is (`STRIPE_API_BASE`); tests point it at a local fake. */
  readonly apiBase: string | undefined;
}

/** Stripe's interval names for the catalogue's billing periods. */
const intervals = { WEEK: 'week', MONTH: 'month', YEAR: 'year' } as const;

/**
 * Subscription metadata: the offer coupon of a trial, waiting for the first paid period (see `createSubscription`).
 * Read only while the subscription is trialing; after that the offer has been used.
 */
const TRIAL_OFFER_COUPON = 'trial_offer_coupon';

/** One period of a price, as a schedule phase after the current one. */
interface NextPhasePrice {
  readonly price: string;
  readonly interval: Stripe.Price.Recurring.Interval;
  readonly intervalCount: number;
}

/** The Stripe adapter: each method a few calls of stripe-node, Stripe's errors turned into the port's. */
export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  private readonly stripe: Stripe;

  constructor(private readonly settings: StripeSettings) {
    const base = settings.apiBase ? new URL(settings.apiBase) : undefined;
    this.stripe = new Stripe(settings.secretKey, {
      maxNetworkRetries: 2,
      telemetry: false,
      ...(base && {
        host: base.hostname,
        port: base.port || (base.protocol === 'https:' ? 443 : 80),
        protocol: base.protocol.replace(':', '') as 'http' | 'https',
      }),
    });
  }

  async ensureCustomer(
    user: { id: number; email: string | null; name: string },
    existing: string | null,
  ): Promise<string> {
    if (existing) return existing;
    const customer = await call(() =>
      this.stripe.customers.create({
        email: user.email ?? undefined,
        name: user.name || undefined,
        metadata: { user_id: String(user.id) },
      }),
    );
    return customer.id;
  }

  async savePaymentMethod(customerId: string, paymentMethodId: string): Promise<SavedCard> {
    const method = await call(() =>
      this.stripe.paymentMethods.attach(paymentMethodId, { customer: customerId }),
    );
    await call(() =>
      this.stripe.customers.update(customerId, { invoice_settings: { default_payment_method: method.id } }),
    );
    return cardOf(method);
  }

  async createPaymentIntent(intent: NewPaymentIntent): Promise<ProviderIntent> {
    const created = await call(() =>
      this.stripe.paymentIntents.create(
        {
          amount: intent.amountCents,
          currency: intent.currency,
          customer: intent.customerId,
          payment_method: intent.paymentMethodId,
          automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
          description: intent.description,
          metadata: { ...intent.metadata },
        },
        intent.idempotencyKey ? { idempotencyKey: intent.idempotencyKey } : undefined,
      ),
    );
    return intentOf(created);
  }

  async confirmPaymentIntent(intentId: string): Promise<ProviderIntent> {
    const current = await call(() => this.stripe.paymentIntents.retrieve(intentId));
    if (current.status !== 'requires_confirmation' && current.status !== 'requires_payment_method') {
      return intentOf(current);
    }
    const paymentMethod =
      typeof current.payment_method === 'string' ? current.payment_method : current.payment_method?.id;
    const confirmed = await call(() =>
      this.stripe.paymentIntents.confirm(intentId, paymentMethod ? { payment_method: paymentMethod } : {}),
    );
    return intentOf(confirmed);
  }

  async retrievePaymentIntent(intentId: string): Promise<ProviderIntent> {
    return intentOf(await call(() => this.stripe.paymentIntents.retrieve(intentId)));
  }

  /**
   * A discount on a trial waits for the first paid period (docs/decisions.md#money-at-checkout): a trial's first
   * invoice is the $0 one made now, and a `once` coupon given to the subscription would be spent on it. So the
   * coupon is kept in the subscription's metadata and put on a schedule phase that covers the first paid period.
   */
  async createSubscription(subscription: NewSubscription): Promise<ProviderSubscription> {
    const price = await this.priceOf(subscription.price);
    const coupon =
      subscription.discountPercent > 0 ? await this.firstChargeCoupon(subscription.discountPercent) : null;
    const trial = subscription.trialDays > 0;
    const created = await call(() =>
      this.stripe.subscriptions.create({
        customer: subscription.customerId,
        items: [{ price }],
        default_payment_method: subscription.paymentMethodId,
        payment_behavior: 'default_incomplete',
        payment_settings: { payment_method_types: ['card'], save_default_payment_method: 'on_subscription' },
        ...(trial && { trial_period_days: subscription.trialDays }),
        ...(coupon && !trial && { discounts: [{ coupon }] }),
        metadata: { ...subscription.metadata, ...(coupon && trial && { [TRIAL_OFFER_COUPON]: coupon }) },
        expand: ['latest_invoice.payments'],
      }),
    );
    if (coupon && trial) await this.writeSchedule(created.id, null, null);
    const intentId = firstInvoicePaymentIntent(created);
    const latestIntent = intentId ? await this.retrievePaymentIntent(intentId) : null;
    return subscriptionOf(created, latestIntent);
  }

  async verifyCard(
    customerId: string,
    paymentMethodId: string,
    amountCents: number,
    currency: string,
  ): Promise<SavedCard> {
    await call(() =>
      this.stripe.setupIntents.create({
        customer: customerId,
        payment_method: paymentMethodId,
        automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
        usage: 'off_session',
        confirm: true,
      }),
    );
    const hold = await call(() =>
      this.stripe.paymentIntents.create({
        amount: amountCents,
        currency,
        customer: customerId,
        payment_method: paymentMethodId,
        automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
        capture_method: 'manual',
        confirm: true,
        description: 'Card check',
      }),
    );
    if (hold.status === 'requires_capture') await call(() => this.stripe.paymentIntents.cancel(hold.id));
    return cardOf(await call(() => this.stripe.paymentMethods.retrieve(paymentMethodId)));
  }

  /**
   * A scheduled change and a cancel do not mix at Stripe: the schedule is released before the cancel (a trial's
   * offer stays in the metadata, and `resumeSubscription` puts it back on a schedule).
   */
  async cancelAtPeriodEnd(subscriptionId: string): Promise<void> {
    const subscription = await call(() => this.stripe.subscriptions.retrieve(subscriptionId));
    const schedule = idOf(subscription.schedule);
    if (schedule) await call(() => this.stripe.subscriptionSchedules.release(schedule));
    await call(() => this.stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true }));
  }

  async resumeSubscription(subscriptionId: string): Promise<void> {
    const resumed = await call(() =>
      this.stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: false }),
    );
    if (trialOfferCoupon(resumed) && !idOf(resumed.schedule))
      await this.writeSchedule(subscriptionId, null, null);
  }

  /**
   * A subscription schedule (Stripe's way to change a price at the period's end): the current phase keeps the
   * current price until its end, then one period of the new price with no proration, then the schedule lets
   * go and the subscription renews on the new price by itself. A trial's offer discounts that period.
   */
  async schedulePlanChange(change: ScheduledPlanChange): Promise<string> {
    const nextPrice = {
      price: await this.priceOf(change.nextPrice),
      interval: intervals[change.nextPrice.interval],
      intervalCount: change.nextPrice.intervalCount,
    };
    return (await this.writeSchedule(change.subscriptionId, change.scheduleId, nextPrice))!;
  }

  /**
   * Releasing the schedule leaves the subscription as it is now: on its current price, renewing. A trial's offer
   * keeps its schedule, rewritten to the current price.
   */
  async cancelPlanChange(subscriptionId: string, scheduleId: string | null): Promise<void> {
    if (scheduleId) await this.writeSchedule(subscriptionId, scheduleId, null);
  }

  parseWebhook(rawBody: Buffer, signature: string): PaymentEvent {
    if (!this.settings.webhookSecret) throw new InvalidWebhook('STRIPE_WEBHOOK_SECRET is not set.');
    try {
      const event = this.stripe.webhooks.constructEvent(rawBody, signature, this.settings.webhookSecret);
      return {
        id: event.id,
        type: event.type,
        object: event.data.object as unknown as Record<string, unknown>,
      };
    } catch (error) {
      throw new InvalidWebhook(error instanceof Error ? error.message : 'Invalid signature.');
    }
  }

  /**
   * Writes the subscription's schedule: the current phase as it is (its trial kept), then one period of `next`
   * (a scheduled plan change) or, for a trial's offer alone, of the current price, discounted by the trial's
   * offer coupon if one still waits; the schedule then releases the subscription. With neither, the schedule is
   * released. Answers the schedule id, or null once released. The schedule is the one the server knows
   * (`knownScheduleId`), else the subscription's own (a trial offer's), else a new one.
   */
  private async writeSchedule(
    subscriptionId: string,
    knownScheduleId: string | null,
    next: NextPhasePrice | null,
  ): Promise<string | null> {
    const subscription = await call(() => this.stripe.subscriptions.retrieve(subscriptionId));
    const coupon = trialOfferCoupon(subscription);
    const scheduleId = knownScheduleId ?? idOf(subscription.schedule);
    const nextPhase = next ?? (coupon ? currentPrice(subscription) : null);
    if (!nextPhase) {
      if (scheduleId) await call(() => this.stripe.subscriptionSchedules.release(scheduleId));
      return null;
    }
    const schedule = scheduleId
      ? await call(() => this.stripe.subscriptionSchedules.retrieve(scheduleId))
      : await call(() => this.stripe.subscriptionSchedules.create({ from_subscription: subscriptionId }));
    const current = schedule.current_phase ?? schedule.phases[0];
    const currentPhase = schedule.phases.find((phase) => phase.start_date === current?.start_date);
    if (!currentPhase) throw new Error(`Subscription schedule ${schedule.id} has no current phase.`);
    await call(() =>
      this.stripe.subscriptionSchedules.update(schedule.id, {
        end_behavior: 'release',
        proration_behavior: 'none',
        phases: [
          {
            items: currentPhase.items.map((item) => ({
              price: typeof item.price === 'string' ? item.price : item.price.id,
              quantity: item.quantity ?? 1,
            })),
            start_date: currentPhase.start_date,
            end_date: currentPhase.end_date,
            // Restating the phase without its trial would end a running free trial now.
            ...(currentPhase.trial_end && { trial_end: currentPhase.trial_end }),
          },
          {
            items: [{ price: nextPhase.price, quantity: 1 }],
            proration_behavior: 'none',
            duration: { interval: nextPhase.interval, interval_count: nextPhase.intervalCount },
            ...(coupon && { discounts: [{ coupon }] }),
          },
        ],
      }),
    );
    return schedule.id;
  }

  /** A coupon of `percentOff` for the first charge only, made once and found again by its id. */
  private async firstChargeCoupon(percentOff: number): Promise<string> {
    const id = `wingmate-first-charge-${percentOff}`;
    try {
      return (await this.stripe.coupons.retrieve(id)).id;
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeInvalidRequestError) || error.code !== 'resource_missing')
        return call(() => {
          throw error;
        });
    }
    const created = await call(() =>
      this.stripe.coupons.create({
        id,
        percent_off: percentOff,
        duration: 'once',
        name: `${percentOff}% off`,
      }),
    );
    return created.id;
  }

  /**
   * The Stripe price of a plan, found by lookup key (code, amount and currency, so a new price in the catalogue
   * makes a new Stripe price) or made on first use.
   */
  private async priceOf(price: SubscriptionPrice): Promise<string> {
    const lookupKey = `${price.code}:${price.amountCents}:${price.currency}`;
    const found = await call(() =>
      this.stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 }),
    );
    if (found.data[0]) return found.data[0].id;
    const created = await call(() =>
      this.stripe.prices.create({
        currency: price.currency,
        unit_amount: price.amountCents,
        recurring: { interval: intervals[price.interval], interval_count: price.intervalCount },
        lookup_key: lookupKey,
        product_data: { name: price.name },
      }),
    );
    return created.id;
  }
}

/** Stripe's errors in the port's words: card errors are declines, a missing card is an unknown method. */
async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeCardError) {
      // A generic decline reads best as Stripe's own code; a specific one (insufficient_funds) tells the user more.
      const decline =
        error.decline_code && error.decline_code !== 'generic_decline' ? error.decline_code : undefined;
      throw new PaymentDeclined(decline ?? error.code ?? 'card_declined', error.message);
    }
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') {
      throw new UnknownPaymentMethod(error.message);
    }
    if (
      error instanceof Stripe.errors.StripeInvalidRequestError &&
      (error.code === 'amount_too_small' || error.code === 'amount_too_large')
    ) {
      throw new InvalidPaymentAmount(error.message);
    }
    throw error;
  }
}

function cardOf(method: Stripe.PaymentMethod): SavedCard {
  return {
    paymentMethodId: method.id,
    brand: method.card?.brand ?? null,
    last4: method.card?.last4 ?? null,
    fingerprint: method.card?.fingerprint ?? null,
    expMonth: method.card?.exp_month ?? null,
    expYear: method.card?.exp_year ?? null,
  };
}

function intentOf(intent: Stripe.PaymentIntent): ProviderIntent {
  return {
    id: intent.id,
    clientSecret: intent.client_secret ?? '',
    status: intent.status as PaymentIntentStatus,
    amountCents: intent.amount,
    currency: intent.currency,
  };
}

function subscriptionOf(
  subscription: Stripe.Subscription,
  latestIntent: ProviderIntent | null,
): ProviderSubscription {
  const periodEnd =
    subscription.items.data[0]?.current_period_end ?? subscription.trial_end ?? subscription.created;
  return {
    id: subscription.id,
    status: subscription.status as SubscriptionStatus,
    currentPeriodEnd: new Date(periodEnd * 1000),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    latestIntent,
  };
}

/** Since API 2025-03-31 an invoice's payment intent sits in `invoice.payments`. */
function firstInvoicePaymentIntent(subscription: Stripe.Subscription): string | undefined {
  const invoice = subscription.latest_invoice;
  if (!invoice || typeof invoice === 'string') return undefined;
  const payment = invoice.payments?.data[0]?.payment;
  const intent = payment?.payment_intent;
  return typeof intent === 'string' ? intent : intent?.id;
}

function idOf(reference: string | { id: string } | null): string | null {
  return typeof reference === 'string' ? reference : (reference?.id ?? null);
}

/** The offer coupon a trial keeps for its first paid period; null once the trial is over (or it had none). */
function trialOfferCoupon(subscription: Stripe.Subscription): string | null {
  if (subscription.status !== 'trialing') return null;
  return subscription.metadata[TRIAL_OFFER_COUPON] ?? null;
}

/** The price the subscription charges now, as the next phase of its schedule. */
function currentPrice(subscription: Stripe.Subscription): NextPhasePrice | null {
  const price = subscription.items.data[0]?.price;
  if (!price?.recurring) return null;
  return {
    price: price.id,
    interval: price.recurring.interval,
    intervalCount: price.recurring.interval_count,
  };
}
