import { index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './account';

// The wingmate by text message: Twilio's inbound messages, the opt-outs and the once-a-day texts
// (docs/product.md#a-wingmate-by-text-message).

/**
 * Every inbound SMS Twilio delivered, once: its `MessageSid` is the key, so a retried or replayed webhook finds its
 * row and changes nothing. The webhook writes the row and answers; the SMS worker handles it (`status` pending →
 * handled) and writes what it did in `outcome`. A member's text is the chat message itself (stored with its reply
 * in the chat history); the body is kept here only until it is handled.
 */
export const smsInboundMessages = pgTable(
  'sms_inbound_messages',
  {
    id: serial('id').primaryKey(),
    messageSid: text('message_sid').notNull().unique(),
    /** The sender's number in E.164. */
    phone: text('phone').notNull(),
    /** The text, until the message is handled. */
    body: text('body'),
    /** The member whose verified phone sent it; null for a number no account has. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'handled'] })
      .notNull()
      .default('pending'),
    /** What the worker did: reply, out_of_messages, invitation, opt_out, opt_in, help, ignored, failed. */
    outcome: text('outcome'),
    attempts: integer('attempts').notNull().default(0),
    /** A worker holds the message until then; after it, another may take it over. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    handledAt: timestamp('handled_at', { withTimezone: true }),
  },
  (table) => [
    index('sms_inbound_status_idx').on(table.status, table.id),
    index('sms_inbound_user_idx').on(table.userId),
  ],
);

/**
 * Numbers that texted STOP, by the SHA-256 of their E.164 form. Not tied to an account: an opt-out outlives the
 * account's deletion, and nothing is texted to the number until it texts START.
 */
export const smsOptOuts = pgTable('sms_opt_outs', {
  phoneHash: text('phone_hash').primaryKey(),
  optedOutAt: timestamp('opted_out_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The texts sent at most once a day per number (its hash): "out of messages" and the sign-up invitation. */
export const smsDailyNotices = pgTable(
  'sms_daily_notices',
  {
    kind: text('kind', { enum: ['out_of_messages', 'invitation'] }).notNull(),
    phoneHash: text('phone_hash').notNull(),
    /** The UTC day, YYYY-MM-DD. */
    day: text('day').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.kind, table.phoneHash, table.day] })],
);
