import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './account';

// Memberships: plans, offers, user plans, payments, the billing history, the spending cap and what payment law
// keeps of a deleted account's payments (docs/product.md#membership-plans,
// docs/product.md#a-members-plans; docs/decisions.md#memberships-appsapi, docs/decisions.md#money-at-checkout):
// services/memberships/.

/**
 * A plan of the catalogue (docs/product.md#membership-plans). `code` is the catalogue's stable key, so reloading a
 * catalogue updates plans in place. Prices are integer cents. `listed = false` keeps a plan out of the lists
 * (retired plans, and the one-off plans that dynamic amounts buy).
 */
export const plans = pgTable(
  'plans',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull().unique('plans_code_key'),
    name: text('name').notNull(),
    planType: text('plan_type', { enum: ['metered', 'standard', 'premium'] }).notNull(),
    recurring: integer('recurring').notNull(),
    billingPeriod: text('billing_period', { enum: ['WEEK', 'MONTH', 'YEAR'] }),
    messages: integer('messages'),
    priceCents: integer('price_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    discount: integer('discount').notNull().default(0),
    popular: boolean('popular').notNull().default(false),
    trialPeriodDays: integer('trial_period_days').notNull().default(0),
    listed: boolean('listed').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('plans_listed_idx').on(table.listed, table.id)],
);

/**
 * A plan bought (or being bought) by a user (docs/product.md#a-members-plans). `payment_ref` is what confirm
 * receives: the payment intent id, or the subscription id when a trial starts without a payment.
 */
export const userPlans = pgTable(
  'user_plans',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id),
    provider: text('provider', { enum: ['stripe', 'local'] }).notNull(),
    status: text('status', {
      enum: ['incomplete', 'active', 'trialing', 'canceled', 'past_due', 'expired'],
    }).notNull(),
    isActive: boolean('is_active').notNull().default(false),
    complete: boolean('complete').notNull().default(false),
    remainingMessages: integer('remaining_messages'),
    paymentRef: text('payment_ref'),
    subscriptionId: text('subscription_id'),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** A renewal job's claim on the row: it charges only while it holds this (a crash lets it lapse). */
    renewalClaimedUntil: timestamp('renewal_claimed_until', { withTimezone: true }),
    /**
     * A plan change waiting for the period's end (docs/decisions.md#money-at-checkout); null when none is scheduled.
     */
    scheduledPlanId: integer('scheduled_plan_id').references(() => plans.id),
    scheduledChangeAt: timestamp('scheduled_change_at', { withTimezone: true }),
    /** Stripe's subscription schedule that carries the scheduled change (null on the local provider). */
    providerScheduleId: text('provider_schedule_id'),
    /** The offer whose discount this purchase took, if one. */
    offerId: integer('offer_id').references(() => offers.id, { onDelete: 'set null' }),
    /** When the "your trial converts in 3 days" e-mail went (or was found to have no address): sent once. */
    trialReminderSentAt: timestamp('trial_reminder_sent_at', { withTimezone: true }),
  },
  (table) => [
    index('user_plans_user_idx').on(table.userId, table.id),
    uniqueIndex('user_plans_payment_ref_key').on(table.paymentRef),
    index('user_plans_subscription_idx').on(table.subscriptionId),
    index('user_plans_period_end_idx').on(table.currentPeriodEnd),
    index('user_plans_trial_reminder_idx')
      .on(table.currentPeriodEnd)
      .where(sql`${table.status} = 'trialing' and ${table.trialReminderSentAt} is null`),
  ],
);

/** The user's customer at the payment provider and the card saved for later charges. */
export const billingProfiles = pgTable('billing_profiles', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  provider: text('provider', { enum: ['stripe', 'local'] }).notNull(),
  customerId: text('customer_id').notNull(),
  paymentMethodId: text('payment_method_id'),
  cardBrand: text('card_brand'),
  cardLast4: text('card_last4'),
  cardFingerprint: text('card_fingerprint'),
  cardExpMonth: integer('card_exp_month'),
  cardExpYear: integer('card_exp_year'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One free trial per account and per card (docs/decisions.md#memberships-appsapi): both columns are unique. */
export const trialClaims = pgTable('trial_claims', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' })
    .unique('trial_claims_user_key'),
  cardFingerprint: text('card_fingerprint').notNull().unique('trial_claims_card_key'),
  claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The embedded payment provider's payment intents, in Stripe's words (docs/architecture.md#runtime-pieces). */
export const localPaymentIntents = pgTable('local_payment_intents', {
  id: text('id').primaryKey(),
  clientSecret: text('client_secret').notNull(),
  customerId: text('customer_id').notNull(),
  paymentMethodId: text('payment_method_id').notNull(),
  amountCents: integer('amount_cents').notNull(),
  currency: text('currency').notNull(),
  captureMethod: text('capture_method', { enum: ['automatic', 'manual'] }).notNull(),
  status: text('status').notNull(),
  declineCode: text('decline_code'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /** Stripe's `idempotencyKey`: a second create with the same key answers the first intent. */
  idempotencyKey: text('idempotency_key').unique('local_payment_intents_idempotency_key_key'),
});

/** Stripe events already applied: the primary key makes a redelivered event a no-op. */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

export type PlanRow = typeof plans.$inferSelect;
export type UserPlanRow = typeof userPlans.$inferSelect;

/** Offers shown to members; `discount` is percent off. */
export const offers = pgTable('offers', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  planId: integer('plan_id').references(() => plans.id, { onDelete: 'set null' }),
  discount: integer('discount').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What payment law keeps of a deleted account's payments: amounts, dates and the provider's ids, detached from
 * the person (no user id, name, e-mail or phone).
 */
export const retainedPayments = pgTable('retained_payments', {
  id: serial('id').primaryKey(),
  provider: text('provider').notNull(),
  customerId: text('customer_id'),
  paymentRef: text('payment_ref'),
  subscriptionId: text('subscription_id'),
  planName: text('plan_name').notNull(),
  status: text('status').notNull(),
  amountCents: integer('amount_cents').notNull(),
  currency: text('currency').notNull(),
  paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
  retainedAt: timestamp('retained_at', { withTimezone: true }).notNull(),
});

/** One row (id 1): the catalogue's version, bumped by triggers on listed plans (migration 0008); plan lists cache on it. */
export const catalogueVersion = pgTable('catalogue_version', {
  id: integer('id').primaryKey().default(1),
  version: integer('version').notNull().default(1),
  changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One charge (purchase, renewal, message pack), kept for the billing history and the spending cap. Deleting the
 * account detaches the rows (user id set null): payment law keeps amounts and dates, not the person.
 * `receipt`: `pending` -> `sending` (claimed by the mail job) -> `sent`, or `no_address` (no verified e-mail),
 * or `failed` after the job's last try.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    userPlanId: integer('user_plan_id').references(() => userPlans.id, { onDelete: 'set null' }),
    planId: integer('plan_id').references(() => plans.id, { onDelete: 'set null' }),
    provider: text('provider', { enum: ['stripe', 'local'] }).notNull(),
    /** The provider's payment (intent or invoice) id: one row per charge, however often it is reported. */
    paymentRef: text('payment_ref').notNull(),
    status: text('status', { enum: ['succeeded', 'failed'] }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    description: text('description').notNull(),
    receipt: text('receipt', { enum: ['pending', 'sending', 'sent', 'no_address', 'failed'] })
      .notNull()
      .default('pending'),
    receiptAttempts: integer('receipt_attempts').notNull().default(0),
    /** A claim's lease while `sending`, or the next try's time after a failed one. */
    receiptNotBefore: timestamp('receipt_not_before', { withTimezone: true }),
    receiptSentAt: timestamp('receipt_sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('payments_payment_ref_key').on(table.paymentRef),
    index('payments_user_idx').on(table.userId, table.createdAt),
    index('payments_receipt_due_idx')
      .on(table.id)
      .where(sql`${table.receipt} in ('pending', 'sending')`),
  ],
);

export type PaymentRow = typeof payments.$inferSelect;

/** The user's monthly spending cap in cents (USD); no row = no cap. */
export const spendingCaps = pgTable('spending_caps', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  monthlyCapCents: integer('monthly_cap_cents').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The spending cap's hold on charges under way (docs/decisions.md#spending-reservations): written with the
 * member's row locked before the provider is called, counted with settled payments, deleted in the transaction
 * that records the payment or when the charge fails. One left behind by a process that died lapses at `expiresAt`.
 */
export const spendingReservations = pgTable(
  'spending_reservations',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    /** The provider payment it holds for: the payment that settles it deletes it. */
    paymentRef: text('payment_ref').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('spending_reservations_user_idx').on(table.userId, table.expiresAt),
    index('spending_reservations_ref_idx').on(table.paymentRef),
  ],
);
