import { sql } from 'drizzle-orm';
import { integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

// The account (docs/product.md#the-user) and its security rows (confirmations, deletion:
// docs/decisions.md#sign-in-and-account-security): services/account/.

/**
 * An account (docs/product.md#the-user). It signs in by phone, by e-mail, or through a social identity, so each of
 * those is optional; the e-mail is unique whatever its case.
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

export type UserRow = typeof users.$inferSelect;

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
