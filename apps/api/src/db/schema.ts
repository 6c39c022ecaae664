import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * A visitor is a browser or device known by the `uid` it made (spec 3, "A uid is kept in browser storage").
 * Attribution, A/B assignments, free messages and dating bios hang off it before the visitor has an account.
 */
export const visitors = pgTable('visitors', {
  uid: uuid('uid').primaryKey(),
  firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every SMS and e-mail the server sent, in full, when it runs on the console senders (the embedded default):
 * developers read PINs here or in the log, and tests read them through `MessageOutbox`.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: serial('id').primaryKey(),
    channel: text('channel', { enum: ['sms', 'email'] }).notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('outbox_messages_recipient_idx').on(table.recipient, table.id)],
);

/**
 * An account (spec 3, "User"). It signs in by phone, by e-mail, or through a social identity, so each of those
 * is optional; the e-mail is unique whatever its case.
 */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    /** E.164; set only once the number is verified by PIN. */
    phoneNumber: text('phone_number').unique('users_phone_number_key'),
    email: text('email'),
    /** argon2id; null = the account signs in by PIN, reset code or social sign-in only. */
    passwordHash: text('password_hash'),
    phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    dateJoined: timestamp('date_joined', { withTimezone: true }).notNull().defaultNow(),
    /** When the person accepted the terms (18 or older) at sign-up; null for accounts made before that. */
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    /**
     * Stamped into every access token; "sign out everywhere" and password changes raise it, so every access
     * token issued before stops working at once (refresh tokens and login links are revoked with it).
     */
    sessionGeneration: integer('session_generation').notNull().default(0),
  },
  (table) => [uniqueIndex('users_email_lower_key').on(sql`lower(${table.email})`)],
);

/** A Google or Apple account that signs in as a user; `subject` is the provider's stable id. */
export const socialIdentities = pgTable(
  'social_identities',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['google', 'apple'] }).notNull(),
    subject: text('subject').notNull(),
    email: text('email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('social_identities_provider_subject_key').on(table.provider, table.subject),
    index('social_identities_user_idx').on(table.userId),
  ],
);

/**
 * The PIN last sent to a phone number, hashed. `kind` keeps a reset PIN apart from the one PIN that
 * `/verify/` checks (sign-up, sign-in or phone change, whichever was asked last).
 */
export const phonePins = pgTable(
  'phone_pins',
  {
    id: serial('id').primaryKey(),
    phoneNumber: text('phone_number').notNull(),
    kind: text('kind', { enum: ['verify', 'reset'] }).notNull(),
    purpose: text('purpose', { enum: ['signup', 'login', 'reset', 'phone_change'] }).notNull(),
    /** The account concerned: the one changing its number, or the one resetting its password. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    pinHash: text('pin_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull(),
    /** What the sign-up asked for, applied when the account is made. */
    firstName: text('first_name'),
    lastName: text('last_name'),
    uid: text('uid'),
    /** When the sign-up accepted the terms; kept by the account this PIN makes. */
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    /** Wrong tries by client address (/64 or IP): one address's guesses never kill the owner's PIN. */
    addressAttempts: jsonb('address_attempts').$type<Record<string, number>>().notNull().default({}),
  },
  (table) => [uniqueIndex('phone_pins_phone_kind_key').on(table.phoneNumber, table.kind)],
);

/** E-mail codes (verification and password reset): 6 digits, hashed, 10 minutes, 5 tries, single use. */
export const emailCodes = pgTable(
  'email_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `email_change`: the code went to the new address, which its HMAC includes. */
    purpose: text('purpose', { enum: ['verify', 'reset', 'email_change'] }).notNull(),
    /** HMAC of purpose and code with the server secret; a row is found by its user, never by its code. */
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  // A reset is confirmed with its e-mail address (decisions.md), so no code is ever looked up across accounts.
  (table) => [uniqueIndex('email_codes_user_purpose_key').on(table.userId, table.purpose)],
);

/** Refresh tokens, hashed. Each sign-in starts a family; reusing a rotated token revokes the whole family. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull().unique('refresh_tokens_token_hash_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /**
     * The pair this token was rotated into, encrypted with a key derived from this token (which only its holder
     * has): a repeat within the grace period answers the same pair (decisions.md, "Session on the client").
     */
    successorSealed: text('successor_sealed'),
  },
  (table) => [
    index('refresh_tokens_family_idx').on(table.familyId),
    index('refresh_tokens_user_idx').on(table.userId),
  ],
);

/** Login-link keys (`Authorization: Token <key>`, the spec's `?token=`): hashed, revocable, 30 days. */
export const loginTokens = pgTable(
  'login_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    keyHash: text('key_hash').notNull().unique('login_tokens_key_hash_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('login_tokens_user_idx').on(table.userId)],
);

/**
 * A visitor uid that signed up or in, and its account: later work moves the uid's data to the account. The first
 * account keeps the uid (decisions.md: a uid that belongs to an account needs that account's token).
 */
export const visitorAccounts = pgTable(
  'visitor_accounts',
  {
    uid: text('uid').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    linkedAt: timestamp('linked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('visitor_accounts_user_idx').on(table.userId)],
);

/** Fixed-window rate-limit counters, shared by every API instance (decisions.md, "Scale-out"). */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetsAt: timestamp('resets_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('rate_limit_counters_resets_at_idx').on(table.resetsAt)],
);

// ---------------------------------------------------------------------------------------------------------------
// Attribution and A/B (spec 3, "Tracking parameters kept", "A/B test assignment"; decisions.md, "Conversions")

/** One set of tracking parameters a visitor arrived with; `user_id` is filled when the uid signs up or in. */
export const utmParams = pgTable(
  'utm_params',
  {
    id: serial('id').primaryKey(),
    uid: text('uid').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    ctime: timestamp('ctime', { withTimezone: true }).notNull(),
    deviceId: text('device_id'),
    utmSource: text('utm_source'),
    utmCampaign: text('utm_campaign'),
    utmContent: text('utm_content'),
    utmTerm: text('utm_term'),
    utmMedium: text('utm_medium'),
    fbclid: text('fbclid'),
    gclid: text('gclid'),
    blogsource: text('blogsource'),
    irclickid: text('irclickid'),
    ttclid: text('ttclid'),
    sccid: text('sccid'),
    gbraid: text('gbraid'),
    wbraid: text('wbraid'),
    pinterestid: text('pinterestid'),
    rdtCid: text('rdt_cid'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('utm_params_uid_idx').on(table.uid),
    index('utm_params_user_ctime_idx').on(table.userId, table.ctime),
  ],
);

/**
 * A conversion for one ad platform, and its delivery: the table is the forwarding outbox. Each (platform,
 * event_id) exists once, so it is forwarded once. `status`: pending (to send, retried with backoff), sent,
 * failed (refused, or out of attempts), skipped (no keys for the platform: stored only).
 */
export const conversionEvents = pgTable(
  'conversion_events',
  {
    id: serial('id').primaryKey(),
    platform: text('platform', {
      enum: ['facebook', 'tiktok', 'snapchat', 'pinterest', 'google_ads'],
    }).notNull(),
    eventId: text('event_id').notNull(),
    /** Our name (`CompleteRegistration`, ...); null for a Google Ads click conversion, which names its action. */
    eventName: text('event_name'),
    eventTime: timestamp('event_time', { withTimezone: true }).notNull(),
    /** `client`: posted by the web app; `server`: recorded by the server (sign-up, trial, payment). */
    source: text('source', { enum: ['client', 'server'] }).notNull(),
    uid: text('uid'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    valueCents: integer('value_cents'),
    currency: text('currency'),
    /** What the platform needs beyond the columns: click ids, page URL, user agent, IP, conversion action. */
    details: jsonb('details').$type<Record<string, string>>().notNull(),
    status: text('status', { enum: ['pending', 'sent', 'failed', 'skipped'] }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    /** A worker's lease on the row; a worker that dies leaves it to expire, and the row is claimed again. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('conversion_events_platform_event_id_key').on(table.platform, table.eventId),
    index('conversion_events_due_idx').on(table.status, table.nextAttemptAt),
    index('conversion_events_uid_idx').on(table.uid),
    index('conversion_events_user_idx').on(table.userId),
  ],
);

/**
 * A/B assignments, owned by a visitor (`user_id` null) or by an account. Each owner has one value per test; on
 * sign-in the visitor's rows move to the account unless the account already has that test.
 */
export const abtestAssignments = pgTable(
  'abtest_assignments',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    value: text('value').notNull(),
    uid: text('uid'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('abtest_assignments_user_name_key')
      .on(table.userId, table.name)
      .where(sql`${table.userId} is not null`),
    uniqueIndex('abtest_assignments_uid_name_key')
      .on(table.uid, table.name)
      .where(sql`${table.userId} is null`),
  ],
);

export type UserRow = typeof users.$inferSelect;

// ---------------------------------------------------------------------------------------------------------------
// Memberships: plans, user plans, payments and message metering (spec 3, 4; decisions.md, "Memberships")

/**
 * A plan of the catalogue (spec 3, "Membership plan"). `code` is the catalogue's stable key, so reloading a
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
 * A plan bought (or being bought) by a user (spec 3, "User membership plan"). `payment_ref` is what confirm
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
    /** A plan change waiting for the period's end (decisions.md, "Plans"); null when none is scheduled. */
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

/** One free trial per account and per card (decisions.md, "Money"): both columns are unique. */
export const trialClaims = pgTable('trial_claims', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' })
    .unique('trial_claims_user_key'),
  cardFingerprint: text('card_fingerprint').notNull().unique('trial_claims_card_key'),
  claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The embedded payment provider's payment intents, in Stripe's words (decisions.md, outside services). */
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

/**
 * Message counters of metering: a visitor's free replies (`uid:<uid>`, period `all`), free replies per IP
 * (`ip:<ip>`, period = UTC day) and a subscription's fair use (`user:<id>`, period = UTC day).
 */
export const messageCounters = pgTable(
  'message_counters',
  {
    key: text('key').notNull(),
    period: text('period').notNull(),
    used: integer('used').notNull().default(0),
  },
  (table) => [primaryKey({ name: 'message_counters_pkey', columns: [table.key, table.period] })],
);

export type PlanRow = typeof plans.$inferSelect;
export type UserPlanRow = typeof userPlans.$inferSelect;

// ---------------------------------------------------------------------------------------------------------------
// Chat, dating bio and profile (spec 7, "Account" and "Chat"; decisions.md, "Chat, bio, profile")
// Rows a visitor makes carry its `uid` and no `user_id`; when the uid signs up or in, `user_id` is filled and
// the account owns them from then on (decisions.md, "Who may call what").

/** A profile question (seeded on first start). */
export const profileQuestions = pgTable('profile_questions', {
  id: serial('id').primaryKey(),
  text: text('text').notNull(),
  kind: text('kind', { enum: ['text', 'choice'] }).notNull(),
  choices: jsonb('choices').$type<string[]>().notNull().default([]),
  position: integer('position').notNull(),
});

/** A user's answer to a profile question: one a question, answering again replaces the text. */
export const profileAnswers = pgTable(
  'profile_answers',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    questionId: integer('question_id')
      .notNull()
      .references(() => profileQuestions.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('profile_answers_user_question_key').on(table.userId, table.questionId)],
);

export const questionnaires = pgTable('questionnaires', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  position: integer('position').notNull(),
});

export const questionnaireQuestions = pgTable(
  'questionnaire_questions',
  {
    id: serial('id').primaryKey(),
    questionnaireId: integer('questionnaire_id')
      .notNull()
      .references(() => questionnaires.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    kind: text('kind', { enum: ['text', 'choice'] }).notNull(),
    choices: jsonb('choices').$type<string[]>().notNull().default([]),
    position: integer('position').notNull(),
  },
  (table) => [index('questionnaire_questions_questionnaire_idx').on(table.questionnaireId, table.position)],
);

/** One filled questionnaire, by an account or a visitor uid; the newest one per questionnaire is current. */
export const questionnaireAnswers = pgTable(
  'questionnaire_answers',
  {
    id: serial('id').primaryKey(),
    questionnaireId: integer('questionnaire_id')
      .notNull()
      .references(() => questionnaires.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    uid: text('uid'),
    answers: jsonb('answers').$type<{ question: number; text: string }[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('questionnaire_answers_user_idx').on(table.userId, table.questionnaireId),
    index('questionnaire_answers_uid_idx').on(table.uid, table.questionnaireId),
  ],
);

export const roasts = pgTable(
  'roasts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('roasts_user_idx').on(table.userId, table.id)],
);

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

/** Notices (`accounts/messages/`): `user_id` null = for everyone (the welcome and rebrand notices). */
export const notices = pgTable(
  'notices',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('notices_user_idx').on(table.userId, table.id)],
);

/**
 * Who has read a notice for everyone (`user_id` null in `notices`): each person has their own read state.
 * A user's own notices are marked here too, so one rule answers `read` for every notice.
 */
export const noticeReads = pgTable(
  'notice_reads',
  {
    noticeId: integer('notice_id')
      .notNull()
      .references(() => notices.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ name: 'notice_reads_pkey', columns: [table.userId, table.noticeId] }),
    index('notice_reads_notice_idx').on(table.noticeId),
  ],
);

export const feedback = pgTable('feedback', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  text: text('text').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One stored width of a photo (issue 21): the storage key, the URL a client fetches and the size in pixels. */
export interface StoredImageWidth {
  readonly key: string;
  readonly url: string;
  readonly width: number;
  readonly height: number;
}

/** One chat message, the user's or the AI's; `image_key` is the stored copy of a photo sent with it. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    uid: text('uid'),
    role: text('role', { enum: ['user', 'ai'] }).notNull(),
    body: text('body').notNull(),
    imageKey: text('image_key'),
    imageUrl: text('image_url'),
    /**
     * Every stored width of the photo, smallest first, the original (`image_key`) last; empty without a photo and
     * for photos sent before widths were kept (issue 21).
     */
    imageWidths: jsonb('image_widths').$type<StoredImageWidth[]>().notNull().default([]),
    model: text('model'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('chat_messages_user_idx').on(table.userId, table.id),
    index('chat_messages_uid_idx').on(table.uid, table.id),
  ],
);

/** A dating bio as the user wrote it; the newest of an owner is the current one. */
export const datingBios = pgTable(
  'dating_bios',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    uid: text('uid').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('dating_bios_user_idx').on(table.userId, table.id),
    index('dating_bios_uid_idx').on(table.uid, table.id),
  ],
);

/** An AI version of a bio: `generate/` (tone) or `generate/create/` (instruction). */
export const datingBioVersions = pgTable(
  'dating_bio_versions',
  {
    id: serial('id').primaryKey(),
    bioId: integer('bio_id')
      .notNull()
      .references(() => datingBios.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    tone: text('tone'),
    instruction: text('instruction'),
    model: text('model').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('dating_bio_versions_bio_idx').on(table.bioId, table.id)],
);

export const bioImages = pgTable(
  'bio_images',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    uid: text('uid').notNull(),
    storageKey: text('storage_key').notNull(),
    url: text('url').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** The smaller widths kept for srcset, smallest first (issue 21); empty for photos from before. */
    widths: jsonb('widths').$type<StoredImageWidth[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('bio_images_user_idx').on(table.userId, table.id),
    index('bio_images_uid_idx').on(table.uid, table.id),
  ],
);

/**
 * A review of one set of photos: `image_set` (the sorted image ids) is unique, so asking again for the same set
 * returns the stored review (decisions.md: `image_review/create/` is idempotent).
 */
export const imageReviews = pgTable(
  'image_reviews',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    uid: text('uid').notNull(),
    imageSet: text('image_set').notNull(),
    imageIds: jsonb('image_ids').$type<number[]>().notNull(),
    score: integer('score').notNull(),
    summary: text('summary').notNull(),
    tips: jsonb('tips').$type<string[]>().notNull(),
    photos: jsonb('photos').$type<{ image: number; score: number; tips: string[] }[]>().notNull(),
    model: jsonb('model').$type<{ name: string; offline: boolean }>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('image_reviews_image_set_key').on(table.imageSet),
    index('image_reviews_user_idx').on(table.userId, table.id),
    index('image_reviews_uid_idx').on(table.uid, table.id),
  ],
);

export const imageReviewFollowUps = pgTable(
  'image_review_follow_ups',
  {
    id: serial('id').primaryKey(),
    reviewId: integer('review_id')
      .notNull()
      .references(() => imageReviews.id, { onDelete: 'cascade' }),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('image_review_follow_ups_review_idx').on(table.reviewId, table.id)],
);

/**
 * Idempotency-Key of chat sends and payment calls (decisions.md, "Session on the client"): one row per (caller,
 * key) for 24 hours. `running` while the first request works (a lease, so a crash frees it), then `done` with the
 * answer that a repeat of the same request gets back.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** `user:<id>` or `uid:<uid>`. */
    caller: text('caller').notNull(),
    key: text('key').notNull(),
    operation: text('operation').notNull(),
    /** SHA-256 of the operation and the request body: the same key with another body is refused. */
    requestHash: text('request_hash').notNull(),
    state: text('state', { enum: ['running', 'done'] }).notNull(),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.caller, table.key] }),
    index('idempotency_keys_expires_at_idx').on(table.expiresAt),
  ],
);

// ---------------------------------------------------------------------------------------------------------------
// Account security (decisions.md, "Decided after the first outside review": lockouts, confirmations, deletion)

/**
 * Wrong passwords and PINs per (account, client address): after a few, the address waits, doubling from 1 s up
 * to 15 minutes. Other addresses, the owner's among them, are not slowed.
 */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    key: text('key').primaryKey(),
    failures: integer('failures').notNull(),
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('sign_in_failures_expires_at_idx').on(table.expiresAt)],
);

/**
 * A code that confirms a sensitive change (phone change, deletion), sent to the current phone or the verified
 * e-mail: 6 digits, hashed, 10 minutes, 5 tries, single use, one live code per user and purpose.
 */
export const accountConfirmations = pgTable(
  'account_confirmations',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['phone_change', 'delete', 'set_password', 'email_change'] }).notNull(),
    channel: text('channel', { enum: ['sms', 'email'] }).notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [uniqueIndex('account_confirmations_user_purpose_key').on(table.userId, table.purpose)],
);

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

// ---------------------------------------------------------------------------------------------------------------
// Billing (issue 19; decisions.md, "Plans"): the billing history, its receipts and the monthly spending cap.

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
