import Type, { type Static } from 'typebox';
import { Id, IdParams, Nullable, Page, PageQuery, Timestamp } from './common';
import { AuthenticationError, CodedError, DetailError, FieldErrors } from './errors';
import { IdempotencyKeyHeaders } from './chat';
import { defineOperation } from './operation';
import { membershipRoutes } from './memberships.routes';

// ---------------------------------------------------------------------------------------------------------------
// Shapes (docs/product.md#membership-plans, docs/product.md#a-members-plans; docs/decisions.md#memberships-appsapi)

export const PlanType = Type.Union([
  Type.Literal('metered'),
  Type.Literal('standard'),
  Type.Literal('premium'),
]);
export type PlanType = Static<typeof PlanType>;

export const BillingPeriod = Type.Union([Type.Literal('WEEK'), Type.Literal('MONTH'), Type.Literal('YEAR')]);
export type BillingPeriod = Static<typeof BillingPeriod>;

export const Plan = Type.Object({
  id: Id,
  created_at: Timestamp,
  updated_at: Timestamp,
  plan_type: PlanType,
  /** Count of billing periods the price covers. */
  recurring: Type.Integer({ minimum: 0 }),
  /** Null for metered plans. */
  billing_period: Nullable(BillingPeriod),
  /** Messages bought (metered plans); null otherwise. */
  messages: Nullable(Type.Integer({ minimum: 0 })),
  /** Total price, in currency units (e.g. 29.99). */
  price: Type.Number({ minimum: 0 }),
  /** Shown as "Save N%". */
  discount: Type.Number({ minimum: 0 }),
  popular: Type.Boolean(),
  trial_period_days: Type.Integer({ minimum: 0 }),
  name: Type.Optional(Type.String()),
  /** ISO 4217, lowercase as Stripe writes it (e.g. `usd`). */
  currency: Type.String(),
});
export type Plan = Static<typeof Plan>;

export const PlanPage = Page(Plan);
export type PlanPage = Static<typeof PlanPage>;

/** The server writes Stripe's spelling `canceled` (docs/decisions.md#core-sdk). */
export const UserPlanStatus = Type.Union([
  Type.Literal('incomplete'),
  Type.Literal('active'),
  Type.Literal('trialing'),
  Type.Literal('canceled'),
  Type.Literal('past_due'),
  Type.Literal('expired'),
]);
export type UserPlanStatus = Static<typeof UserPlanStatus>;

export const UserPlan = Type.Object({
  id: Id,
  plan: Plan,
  is_active: Type.Boolean(),
  status: UserPlanStatus,
  complete: Type.Boolean(),
  created_at: Timestamp,
  updated_at: Timestamp,
  /** Messages left on a metered plan; null for subscriptions. */
  remaining_messages: Nullable(Type.Integer({ minimum: 0 })),
  /** End of the paid (or trial) period; a canceled plan stays active until then. Null for metered plans. */
  current_period_end: Nullable(Timestamp),
  /**
   * The plan a scheduled change switches to (docs/decisions.md#money-at-checkout: at the end of the current
   * period, no proration, nothing charged now); null when no change is scheduled.
   */
  scheduled_plan_id: Nullable(Id),
  /** When the scheduled change takes effect (the current period's end); null when none is scheduled. */
  scheduled_change_at: Nullable(Timestamp),
});
export type UserPlan = Static<typeof UserPlan>;

export const UserPlanPage = Page(UserPlan);
export type UserPlanPage = Static<typeof UserPlanPage>;

export const PaymentProvider = Type.Union([Type.Literal('stripe'), Type.Literal('local')]);
export type PaymentProvider = Static<typeof PaymentProvider>;

const paymentIntentFields = {
  payment_intent_id: Type.String(),
  /** For Stripe.js (`confirmCardPayment`) or the local provider's card form. */
  client_secret: Type.String(),
  /** In currency units, like `Plan.price`. */
  amount: Type.Number({ minimum: 0 }),
  currency: Type.String(),
  provider: PaymentProvider,
  /** The user plan made for this payment: `status: "incomplete", complete: false` until confirmed. */
  user_plan: UserPlan,
};

export const PaymentIntent = Type.Object(paymentIntentFields);
export type PaymentIntent = Static<typeof PaymentIntent>;

export const DynamicPaymentIntent = Type.Object({
  ...paymentIntentFields,
  /** floor(amount / cheapest metered per-message price): the messages this payment buys. */
  messages: Type.Integer({ minimum: 0 }),
});
export type DynamicPaymentIntent = Static<typeof DynamicPaymentIntent>;

/** Stripe's PaymentIntent statuses; the local provider uses the same words. */
export const PaymentIntentStatus = Type.Union([
  Type.Literal('requires_payment_method'),
  Type.Literal('requires_confirmation'),
  Type.Literal('requires_action'),
  Type.Literal('processing'),
  Type.Literal('requires_capture'),
  Type.Literal('canceled'),
  Type.Literal('succeeded'),
]);
export type PaymentIntentStatus = Static<typeof PaymentIntentStatus>;

export const PaymentConfirmation = Type.Object({ user_plan: UserPlan, status: PaymentIntentStatus });
export type PaymentConfirmation = Static<typeof PaymentConfirmation>;

export const CardVerification = Type.Object({
  verified: Type.Boolean(),
  /** The hold placed and released, in currency units. */
  amount: Type.Number({ minimum: 0 }),
  currency: Type.String(),
});
export type CardVerification = Static<typeof CardVerification>;

/** The card saved for later charges; brand and last4 when the provider tells them. */
export const SavedPaymentMethod = Type.Object({
  payment_method_id: Type.String(),
  brand: Nullable(Type.String()),
  last4: Nullable(Type.String()),
});
export type SavedPaymentMethod = Static<typeof SavedPaymentMethod>;

/** The saved card as the account page shows it; each field null where the provider does not tell it. */
export const PaymentMethodCard = Type.Object({
  brand: Nullable(Type.String()),
  last4: Nullable(Type.String()),
  exp_month: Nullable(Type.Integer({ minimum: 1, maximum: 12 })),
  exp_year: Nullable(Type.Integer({ minimum: 1970 })),
});
export type PaymentMethodCard = Static<typeof PaymentMethodCard>;

/** `succeeded`: money taken; `failed`: a renewal charge the card declined (the plan went past due). */
export const PaymentStatus = Type.Union([Type.Literal('succeeded'), Type.Literal('failed')]);
export type PaymentStatus = Static<typeof PaymentStatus>;

/** One charge of the billing history: purchases, renewals and message packs. */
export const Payment = Type.Object({
  id: Id,
  /** In currency units, like `Plan.price`: what was charged, after any offer's discount. */
  amount: Type.Number({ minimum: 0 }),
  currency: Type.String(),
  status: PaymentStatus,
  /** In plain words, e.g. "Premium monthly renewal". */
  description: Type.String(),
  /** The plan paid for; null once that plan is gone from the catalogue. */
  plan_id: Nullable(Id),
  created_at: Timestamp,
  /** Whether the receipt went to the account's verified e-mail address. */
  receipt_sent: Type.Boolean(),
});
export type Payment = Static<typeof Payment>;

export const PaymentPage = Page(Payment);
export type PaymentPage = Static<typeof PaymentPage>;

/** A USD amount as the server writes it: a decimal string with two places (`"50.00"`), never a float. */
const UsdAmount = Type.String({ pattern: '^\\d+\\.\\d{2}$', description: 'USD, two decimal places' });

/** The monthly spending cap (docs/decisions.md#money-at-checkout): per calendar month, UTC. */
export const SpendingCap = Type.Object({
  /** Null: no cap. */
  monthly_cap: Nullable(UsdAmount),
  /** Paid so far this calendar month (UTC). */
  spent_this_month: UsdAmount,
  currency: Type.Literal('usd'),
});
export type SpendingCap = Static<typeof SpendingCap>;

/** The fields of a Stripe event the server reads; the rest is kept as sent. */
export const StripeEvent = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 255 }),
  type: Type.String({ minLength: 1, maxLength: 255 }),
  data: Type.Object({ object: Type.Object({}) }),
});
export type StripeEvent = Static<typeof StripeEvent>;

export const StripeWebhookHeaders = Type.Object({
  'stripe-signature': Type.String({ minLength: 1, maxLength: 2048 }),
});
export type StripeWebhookHeaders = Static<typeof StripeWebhookHeaders>;

export const WebhookReceipt = Type.Object({ received: Type.Literal(true) });
export type WebhookReceipt = Static<typeof WebhookReceipt>;

// ---------------------------------------------------------------------------------------------------------------
// Request bodies

/** Stripe ids (`pm_...`) and the local provider's, including Stripe's test ids such as `pm_card_visa`. */
const PaymentMethodId = Type.String({ minLength: 1, maxLength: 255 });

export const CreatePaymentIntentBody = Type.Object({
  plan_id: Id,
  /** A current offer for this plan (`offers/`): its discount is taken off the price charged. */
  offer_id: Type.Optional(Id),
});
export type CreatePaymentIntentBody = Static<typeof CreatePaymentIntentBody>;

export const CreateDynamicPaymentIntentBody = Type.Object({
  /** USD, 1 to 500. */
  amount: Type.Number({ minimum: 1, maximum: 500 }),
});
export type CreateDynamicPaymentIntentBody = Static<typeof CreateDynamicPaymentIntentBody>;

export const ConfirmPaymentIntentBody = Type.Object({
  payment_intent_id: Type.String({ minLength: 1, maxLength: 255 }),
});
export type ConfirmPaymentIntentBody = Static<typeof ConfirmPaymentIntentBody>;

export const VerifyCardBody = Type.Object({
  payment_method_id: PaymentMethodId,
  /**
   * The hold in USD; default 1.00, from 0.50 (Stripe's smallest charge) to 5.00 (sent only if numeric,
   * docs/product.md#validation).
   */
  amount: Type.Optional(Type.Number({ minimum: 0.5, maximum: 5 })),
});
export type VerifyCardBody = Static<typeof VerifyCardBody>;

export const UpdatePaymentMethodBody = Type.Object({ payment_method_id: PaymentMethodId });
export type UpdatePaymentMethodBody = Static<typeof UpdatePaymentMethodBody>;

export const UpdateUserPlanBody = Type.Object({ plan_id: Id });
export type UpdateUserPlanBody = Static<typeof UpdateUserPlanBody>;

export const SetSpendingCapBody = Type.Object({
  /** USD as a decimal string (`"50"`, `"49.99"`), more than 0 and at most 100000; null removes the cap. */
  monthly_cap: Nullable(
    Type.String({ pattern: '^\\d{1,6}(\\.\\d{1,2})?$', maxLength: 9, description: 'USD, e.g. "50.00"' }),
  ),
});
export type SetSpendingCapBody = Static<typeof SetSpendingCapBody>;

// ---------------------------------------------------------------------------------------------------------------
// Operations (docs/product.md#membership-calls)

const signedIn = { 401: AuthenticationError } as const;
/** A declined card: `{detail, code: "card_declined"}` (or Stripe's decline code); the user plan stays incomplete. */
const declined = { 402: CodedError } as const;
/**
 * `Idempotency-Key` (see `IdempotencyKeyHeaders`): 409 `{detail}` while the key's first request still runs (where
 * 409 is also `trial_used`, that one carries a code), 422 `{detail}` for the key reused with another body.
 */
const keyErrors = { 409: DetailError, 422: DetailError } as const;
const reusedKey = { 422: DetailError } as const;
/**
 * A payment's 400: field errors, or `{detail, code: "spending_cap"}` when it would pass the monthly spending cap
 * (the detail names the cap and what is left this month).
 */
const paymentRefused = { 400: Type.Union([FieldErrors, CodedError]) } as const;
/**
 * Payments need a member: an account with no verified phone or e-mail and no Google or Apple sign-in answers 403
 * `{detail, code: "verification_required"}`, so nobody pays for messages they cannot use yet.
 */
const membersOnly = { 403: CodedError } as const;

export const listPlans = defineOperation({
  ...membershipRoutes.listPlans,
  summary: 'The regular plans (public: a token is optional)',
  query: PageQuery,
  responses: { 200: PlanPage, 400: FieldErrors, ...signedIn, 404: DetailError },
});

export const listFreeTrialPlans = defineOperation({
  ...membershipRoutes.listFreeTrialPlans,
  summary: 'The free-trial plans (trial_period_days > 0; public: a token is optional)',
  query: PageQuery,
  responses: { 200: PlanPage, 400: FieldErrors, ...signedIn, 404: DetailError },
});

export const listUserPlans = defineOperation({
  ...membershipRoutes.listUserPlans,
  summary: "The signed-in user's plans, newest first",
  query: PageQuery,
  responses: { 200: UserPlanPage, 400: FieldErrors, ...signedIn, 404: DetailError },
});

export const createPaymentIntent = defineOperation({
  ...membershipRoutes.createPaymentIntent,
  summary:
    'Charge the saved card for a plan (less a current offer): makes an incomplete user plan and its payment intent',
  headers: IdempotencyKeyHeaders,
  body: CreatePaymentIntentBody,
  responses: {
    201: PaymentIntent,
    ...paymentRefused,
    ...signedIn,
    ...membersOnly,
    ...declined,
    409: CodedError,
    ...reusedKey,
  },
});

export const createDynamicPaymentIntent = defineOperation({
  ...membershipRoutes.createDynamicPaymentIntent,
  summary: 'Buy messages for an amount (USD 1 to 500) at the cheapest metered rate',
  headers: IdempotencyKeyHeaders,
  body: CreateDynamicPaymentIntentBody,
  responses: {
    201: DynamicPaymentIntent,
    ...paymentRefused,
    ...signedIn,
    ...membersOnly,
    ...declined,
    ...keyErrors,
  },
});

export const confirmPaymentIntent = defineOperation({
  ...membershipRoutes.confirmPaymentIntent,
  summary: 'Settle a payment intent with the provider and activate its plan (idempotent)',
  headers: IdempotencyKeyHeaders,
  body: ConfirmPaymentIntentBody,
  responses: {
    200: PaymentConfirmation,
    ...paymentRefused,
    ...signedIn,
    ...declined,
    404: DetailError,
    ...keyErrors,
  },
});

export const verifyCard = defineOperation({
  ...membershipRoutes.verifyCard,
  summary: 'Check a card before a free trial: places and releases a hold (default USD 1.00), saves the card',
  headers: IdempotencyKeyHeaders,
  body: VerifyCardBody,
  responses: {
    200: CardVerification,
    400: FieldErrors,
    ...signedIn,
    ...membersOnly,
    ...declined,
    409: CodedError,
    ...reusedKey,
  },
});

export const updatePaymentMethod = defineOperation({
  ...membershipRoutes.updatePaymentMethod,
  summary: 'Save the card that later payments charge',
  headers: IdempotencyKeyHeaders,
  body: UpdatePaymentMethodBody,
  responses: {
    200: SavedPaymentMethod,
    400: FieldErrors,
    ...signedIn,
    ...membersOnly,
    ...declined,
    ...keyErrors,
  },
});

export const getPaymentMethod = defineOperation({
  ...membershipRoutes.getPaymentMethod,
  summary: 'The saved card (brand, last four digits, expiry); 404 when none is saved',
  responses: { 200: PaymentMethodCard, ...signedIn, 404: DetailError },
});

export const listPayments = defineOperation({
  ...membershipRoutes.listPayments,
  summary: 'The billing history: every charge, newest first',
  query: PageQuery,
  responses: { 200: PaymentPage, 400: FieldErrors, ...signedIn, 404: DetailError },
});

export const cancelUserPlan = defineOperation({
  ...membershipRoutes.cancelUserPlan,
  summary: 'Cancel at period end: status "canceled", active until current_period_end',
  params: IdParams,
  responses: { 200: UserPlan, ...signedIn, 404: DetailError },
});

export const resumeUserPlan = defineOperation({
  ...membershipRoutes.resumeUserPlan,
  summary: 'Undo a cancel before the period ends: the subscription renews again',
  params: IdParams,
  responses: { 200: UserPlan, 400: FieldErrors, ...signedIn, 404: DetailError },
});

export const updateUserPlan = defineOperation({
  ...membershipRoutes.updateUserPlan,
  summary:
    "Switch a subscription's plan at the end of the current period (no proration, nothing charged now): " +
    'answers the user plan with scheduled_plan_id and scheduled_change_at',
  params: IdParams,
  body: UpdateUserPlanBody,
  responses: { 200: UserPlan, 400: FieldErrors, ...signedIn, 404: DetailError },
});

export const cancelPlanChange = defineOperation({
  ...membershipRoutes.cancelPlanChange,
  summary: 'Undo a scheduled plan change: the subscription renews on its current plan',
  params: IdParams,
  responses: { 200: UserPlan, ...signedIn, 404: DetailError },
});

export const getSpendingCap = defineOperation({
  ...membershipRoutes.getSpendingCap,
  summary: 'The monthly spending cap (USD, per calendar month in UTC) and what was spent this month',
  responses: { 200: SpendingCap, ...signedIn },
});

export const setSpendingCap = defineOperation({
  ...membershipRoutes.setSpendingCap,
  summary: 'Set the monthly spending cap (USD, more than 0, at most 100000), or remove it with null',
  body: SetSpendingCapBody,
  responses: { 200: SpendingCap, 400: FieldErrors, ...signedIn },
});

export const stripeWebhook = defineOperation({
  ...membershipRoutes.stripeWebhook,
  summary: 'Stripe events (signature checked on the raw body, each event applied once)',
  headers: StripeWebhookHeaders,
  body: StripeEvent,
  responses: { 200: WebhookReceipt, 400: DetailError },
});

export const membershipOperations = {
  listPlans,
  listFreeTrialPlans,
  listUserPlans,
  createPaymentIntent,
  createDynamicPaymentIntent,
  confirmPaymentIntent,
  verifyCard,
  updatePaymentMethod,
  getPaymentMethod,
  listPayments,
  cancelUserPlan,
  resumeUserPlan,
  updateUserPlan,
  cancelPlanChange,
  getSpendingCap,
  setSpendingCap,
  stripeWebhook,
};
