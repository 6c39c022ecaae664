import {
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './account';

// Sign-in (docs/product.md#authentication-calls; docs/decisions.md#auth-appsapi,
// docs/decisions.md#sign-in-and-account-security): social identities, PINs, e-mail codes,
// refresh and login tokens and wrong-password counters: services/auth/.

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

/**
 * E-mail codes (verification and password reset): 6 digits, hashed, 10 minutes, single use; 5 tries, which a reset
 * code counts per client address (and 50 from all), as a PIN does.
 */
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
    /** Wrong tries of a reset code by client address (/64 or IP): one address's guesses never kill the owner's. */
    addressAttempts: jsonb('address_attempts').$type<Record<string, number>>().notNull().default({}),
  },
  // A reset is confirmed with its e-mail address (docs/decisions.md#sign-in-and-account-security), so no code is ever
  // looked up across accounts.
  (table) => [uniqueIndex('email_codes_user_purpose_key').on(table.userId, table.purpose)],
);

/**
 * A signed-in session: one per sign-in, renewed by its family of refresh tokens. Access tokens carry its id
 * (`sid`) and every request's user read joins it, so a revoked session stops its access tokens at once
 * (docs/decisions.md#sessions-in-the-browser).
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** Logout, "log out everywhere", a password change or reset, or a reused refresh token. */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);

/** Refresh tokens, hashed. Each sign-in starts a family; reusing a rotated token revokes the whole family. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The family is the session it renews. */
    familyId: uuid('family_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique('refresh_tokens_token_hash_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /**
     * The pair this token was rotated into, encrypted with a key derived from this token (which only its holder
     * has): a repeat within the grace period answers the same pair (docs/decisions.md#sign-in-and-account-security).
     */
    successorSealed: text('successor_sealed'),
  },
  (table) => [
    index('refresh_tokens_family_idx').on(table.familyId),
    index('refresh_tokens_user_idx').on(table.userId),
  ],
);

/**
 * Login-link keys (`Authorization: Token <key>`, `?token=`: docs/product.md#sessions-and-tokens): hashed, revocable,
 * 30 days.
 */
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
