import { and, eq, inArray, or, sql, type Placeholder } from 'drizzle-orm';
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

/** Free replies the account's pool has given, its own and those of every uid linked to it: a read to join with others. */
export function accountFreeUsedQuery(db: AppDatabase, userId: number | Placeholder) {
  const linkedUids = db
    .select({ key: sql<string>`'uid:' || ${visitorAccounts.uid}` })
    .from(visitorAccounts)
    .where(eq(visitorAccounts.userId, userId));
  // The account's key built in SQL, so the user may be a prepared statement's placeholder.
  const accountKey = sql`'user:' || ${userId}`;
  return db
    .select({ used: sql<number>`coalesce(sum(${messageCounters.used}), 0)::int`.as('used') })
    .from(messageCounters)
    .where(
      or(
        and(eq(messageCounters.key, accountKey), eq(messageCounters.period, ACCOUNT_FREE_PERIOD)),
        and(inArray(messageCounters.key, linkedUids), eq(messageCounters.period, VISITOR_FREE_PERIOD)),
      ),
    );
}
