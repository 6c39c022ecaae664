import { index, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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
