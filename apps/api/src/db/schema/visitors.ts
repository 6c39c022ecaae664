import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './account';

// Visitors (docs/product.md#tracking-parameters) and the account each visitor uid signed up or in with
// (docs/decisions.md#chat-bio-and-profile-appsapi): services/owner/ reads them.

/**
 * A visitor is a browser or device known by the `uid` it made (docs/product.md#tracking-parameters).
 * Attribution, A/B assignments, free messages and dating bios hang off it before the visitor has an account.
 */
export const visitors = pgTable('visitors', {
  uid: uuid('uid').primaryKey(),
  firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A visitor uid that signed up or in, and its account: later work moves the uid's data to the account. The first
 * account keeps the uid (a uid that belongs to an account needs that account's token:
 * docs/decisions.md#chat-bio-and-profile-appsapi).
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
