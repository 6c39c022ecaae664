import { sql } from 'drizzle-orm';
import { integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './account';

// A/B assignments (docs/product.md#ab-test-assignments): services/abtests/.

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
