import { and, eq, sql, type Placeholder } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { AppDatabase } from '../../db/database';
import { messageCounters, visitorAccounts } from '../../db/schema';

/**
 * Free messages follow the person (docs/product.md#messages-and-metering): an account's free messages are one
 * pool, `FREE_MESSAGES` minus the free replies used by every uid ever linked to it and by the account itself. The
 * pool is computed, never copied at sign-up, so accounts made before it existed get what they are owed, and a
 * second device or a new uid on the same account never fills it again.
 */

/** The counter of the free replies an account spent itself: `user:<id>`, period `free`. */
export const ACCOUNT_FREE_PERIOD = 'free';

/** The counter of a visitor uid's free replies: `uid:<uid>`, period `all`. */
export const VISITOR_FREE_PERIOD = 'all';

export const accountFreeKey = (userId: number) => `user:${userId}`;
export const visitorFreeKey = (uid: string) => `uid:${uid}`;

/**
 * Free replies the account's pool has given, its own and those of every uid linked to it: a read to join with others.
 * Two lookups by the counters' key added up, not one condition with OR: Postgres reads the whole table for
 * `(key = a) or (key in (...))`, a counter for every visitor and every address's day
 * (docs/performance.md#free-messages-read-by-key).
 */
export function accountFreeUsedQuery(db: AppDatabase, userId: number | Placeholder) {
  // The account's key built in SQL, so the user may be a prepared statement's placeholder.
  const own = db
    .select({ used: messageCounters.used })
    .from(messageCounters)
    .where(
      and(
        eq(messageCounters.key, sql`'user:' || ${userId}`),
        eq(messageCounters.period, ACCOUNT_FREE_PERIOD),
      ),
    );
  const linked = db
    .select({ used: messageCounters.used })
    .from(visitorAccounts)
    .innerJoin(
      messageCounters,
      and(
        eq(messageCounters.key, sql`'uid:' || ${visitorAccounts.uid}`),
        eq(messageCounters.period, VISITOR_FREE_PERIOD),
      ),
    )
    .where(eq(visitorAccounts.userId, userId));
  const counted = unionAll(own, linked).as('counted');
  return db.select({ used: sql<number>`coalesce(sum(${counted.used}), 0)::int`.as('used') }).from(counted);
}
