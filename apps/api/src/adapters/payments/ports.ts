import type { BillingPeriod, PaymentIntentStatus } from '@wingmate/api-contract';

/** A card as the provider describes it; the fingerprint is the same for the same card number. */
export interface SavedCard {
  readonly paymentMethodId: string;
  readonly brand: string | null;
  readonly last4: string | null;
  readonly fingerprint: string | null;
  /** The expiry, where the provider tells it (the local card form's ids may leave it out). */
  readonly expMonth: number | null;
  readonly expYear: number | null;
}

export interface ProviderIntent {
  readonly id: string;
  readonly clientSecret: string;
  readonly status: PaymentIntentStatus;
  readonly amountCents: number;
  readonly currency: string;
}

export type SubscriptionStatus =
  'incomplete' | 'incomplete_expired' | 'trialing' | 'active' | 'past_due' | 'canceled' | 'unpaid' | 'paused';

export interface ProviderSubscription {
  readonly id: string;
  readonly status: SubscriptionStatus;
  readonly currentPeriodEnd: Date;
  readonly cancelAtPeriodEnd: boolean;
  /** The first invoice's payment (no trial), to be confirmed with `confirmPaymentIntent`. */
  readonly latestIntent: ProviderIntent | null;
}

/** What a subscription charges: the plan's total price every `intervalCount` periods. */
export interface SubscriptionPrice {
  /** The catalogue's stable plan code, so the provider's price can be found again. */
  readonly code: string;
  readonly name: string;
  readonly amountCents: number;
  readonly currency: string;
  readonly interval: BillingPeriod;
  readonly intervalCount: number;
}

export interface NewPaymentIntent {
  readonly customerId: string;
  readonly paymentMethodId: string;
  readonly amountCents: number;
  readonly currency: string;
  readonly description: string;
  readonly metadata: Readonly<Record<string, string>>;
  /**
   * Stripe's `idempotencyKey`: creating again with the same key answers the intent made the first time (the
   * local provider honours it too), so a retried or repeated charge is made once.
   */
  readonly idempotencyKey?: string;
}

export interface NewSubscription {
  readonly customerId: string;
  readonly paymentMethodId: string;
  readonly price: SubscriptionPrice;
  readonly trialDays: number;
  /** An offer's percent off the first charge (0 = none); renewals charge the full price. */
  readonly discountPercent: number;
  readonly metadata: Readonly<Record<string, string>>;
}

/**
 * A plan change at the end of the current period (docs/decisions.md#money-at-checkout: no proration, nothing charged
 * now).
 */
export interface ScheduledPlanChange {
  readonly subscriptionId: string;
  /** The schedule made by an earlier change of this subscription, to be rewritten rather than made again. */
  readonly scheduleId: string | null;
  readonly nextPrice: SubscriptionPrice;
}

/** A provider event the server applies (webhooks), already checked for its signature. */
export interface PaymentEvent {
  readonly id: string;
  readonly type: string;
  readonly object: Readonly<Record<string, unknown>>;
}

/**
 * The payment provider port (docs/architecture.md#runtime-pieces): Stripe, or the embedded local test-mode provider.
 * Declines throw `PaymentDeclined`; a payment method id the provider does not know throws `UnknownPaymentMethod`.
 */
export interface PaymentProvider {
  readonly name: 'stripe' | 'local';
  ensureCustomer(
    user: { id: number; email: string | null; name: string },
    existing: string | null,
  ): Promise<string>;
  savePaymentMethod(customerId: string, paymentMethodId: string): Promise<SavedCard>;
  /** Makes an intent for the saved card, to be settled by `confirmPaymentIntent`. */
  createPaymentIntent(intent: NewPaymentIntent): Promise<ProviderIntent>;
  /** Settles an intent; an intent already settled is returned as it is (idempotent). */
  confirmPaymentIntent(intentId: string): Promise<ProviderIntent>;
  retrievePaymentIntent(intentId: string): Promise<ProviderIntent>;
  /** `payment_behavior: 'default_incomplete'`: the first payment waits for `confirmPaymentIntent`. */
  createSubscription(subscription: NewSubscription): Promise<ProviderSubscription>;
  /** Places a hold of `amountCents` on the card and releases it at once; answers the card. */
  verifyCard(
    customerId: string,
    paymentMethodId: string,
    amountCents: number,
    currency: string,
  ): Promise<SavedCard>;
  /**
   * The provider's side of a cancel or a switch. The user plan is the server's record; Stripe's later changes
   * arrive by webhook, and the local provider keeps no subscription state of its own.
   */
  cancelAtPeriodEnd(subscriptionId: string): Promise<void>;
  /** Undoes `cancelAtPeriodEnd` before the period ends: the subscription renews again. */
  resumeSubscription(subscriptionId: string): Promise<void>;
  /**
   * Switches the subscription to `nextPrice` when the current period ends, charging nothing now; answers the
   * provider's schedule id (Stripe's subscription schedule), or null where the renewal job makes the switch.
   */
  schedulePlanChange(change: ScheduledPlanChange): Promise<string | null>;
  /** Drops a scheduled change: the subscription renews on its current price. */
  cancelPlanChange(subscriptionId: string, scheduleId: string | null): Promise<void>;
  /** Checks the signature of a webhook body; throws `InvalidWebhook` when it does not match. */
  parseWebhook(rawBody: Buffer, signature: string): PaymentEvent;
}

export class PaymentDeclined extends Error {
  constructor(
    /** `card_declined`, or the decline code (`insufficient_funds`, ...). */
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'PaymentDeclined';
  }
}

export class UnknownPaymentMethod extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnknownPaymentMethod';
  }
}

/** The provider refused the amount (Stripe charges at least USD 0.50, at most 999,999.99). */
export class InvalidPaymentAmount extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidPaymentAmount';
  }
}

export class InvalidWebhook extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidWebhook';
  }
}
