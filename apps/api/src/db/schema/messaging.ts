import { index, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

// The embedded SMS and e-mail senders' outbox (adapters/messaging/).

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
