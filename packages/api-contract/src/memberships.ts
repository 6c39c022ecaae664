import Type, { type Static } from 'typebox';
import { Id, IdParams, Nullable, Page, PageQuery, Timestamp } from './common';
import { AuthenticationError, CodedError, DetailError, FieldErrors } from './errors';
import { IdempotencyKeyHeaders } from './chat';
import { defineOperation } from './operation';
import { membershipRoutes } from './memberships.routes';

// ---------------------------------------------------------------------------------------------------------------
// Shapes (spec 3, "Membership plan", "User membership plan"; decisions.md, "Memberships")

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

/** The server writes Stripe's spelling `canceled` (decisions.md, "Spellings and flags"). */
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

export const CreatePaymentIntentBody = Type.Object({ plan_id: Id });
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
  /** The hold in USD; default 1.00, from 0.50 (Stripe's smallest charge) to 5.00 (sent only if numeric, spec 5). */
  amount: Type.Optional(Type.Number({ minimum: 0.5, maximum: 5 })),
});
export type VerifyCardBody = Static<typeof VerifyCardBody>;

export const UpdatePaymentMethodBody = Type.Object({ payment_method_id: PaymentMethodId });
export type UpdatePaymentMethodBody = Static<typeof UpdatePaymentMethodBody>;

export const UpdateUserPlanBody = Type.Object({ plan_id: Id });
export type UpdateUserPlanBody = Static<typeof UpdateUserPlanBody>;

// ---------------------------------------------------------------------------------------------------------------
// Operations (spec 7, "Memberships")

const signedIn = { 401: AuthenticationError } as const;
/** A declined card: `{detail, code: "card_declined"}` (or Stripe's decline code); the user plan stays incomplete. */
const declined = { 402: CodedError } as const;
/**
 * `Idempotency-Key` (see `IdempotencyKeyHeaders`): 409 `{detail}` while the key's first request still runs (where
 * 409 is also `trial_used`, that one carries a code), 422 `{detail}` for the key reused with another body.
 */
const keyErrors = { 409: DetailError, 422: DetailError } as const;
const reusedKey = { 422: DetailError } as const;

export const listPlans = defineOperation({
  ...membershipRoutes.listPlans,
  summary: 'The regular plans',
  query: PageQuery,
  responses: { 200: PlanPage, 400: FieldErrors, ...signedIn, 404: DetailError },
});

export const listFreeTrialPlans = defineOperation({
  ...membershipRoutes.listFreeTrialPlans,
  summary: 'The free-trial plans (trial_period_days > 0)',
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
  summary: 'Charge the saved card for a plan: makes an incomplete user plan and its payment intent',
  headers: IdempotencyKeyHeaders,
  body: CreatePaymentIntentBody,
  responses: {
    201: PaymentIntent,
    400: FieldErrors,
    ...signedIn,
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
  responses: { 201: DynamicPaymentIntent, 400: FieldErrors, ...signedIn, ...declined, ...keyErrors },
});

export const confirmPaymentIntent = defineOperation({
  ...membershipRoutes.confirmPaymentIntent,
  summary: 'Settle a payment intent with the provider and activate its plan (idempotent)',
  headers: IdempotencyKeyHeaders,
  body: ConfirmPaymentIntentBody,
  responses: {
    200: PaymentConfirmation,
    400: FieldErrors,
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
  responses: { 200: SavedPaymentMethod, 400: FieldErrors, ...signedIn, ...declined, ...keyErrors },
});

export const cancelUserPlan = defineOperation({
  ...membershipRoutes.cancelUserPlan,
  summary: 'Cancel at period end: status "canceled", active until current_period_end',
  params: IdParams,
  responses: { 200: UserPlan, ...signedIn, 404: DetailError },
});

export const updateUserPlan = defineOperation({
  ...membershipRoutes.updateUserPlan,
  summary: "Switch a subscription's plan",
  params: IdParams,
  body: UpdateUserPlanBody,
  responses: { 200: UserPlan, 400: FieldErrors, ...signedIn, ...declined, 404: DetailError },
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
  cancelUserPlan,
  updateUserPlan,
  stripeWebhook,
};
