import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

// Message metering (docs/decisions.md#memberships-appsapi): services/metering/.

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
