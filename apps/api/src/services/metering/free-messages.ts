import { sql, type Placeholder, type SQL } from 'drizzle-orm';

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
 * Free replies the account's pool has given, its own and those of every uid linked to it: an expression to read with
 * others. The database's `wm_account_free_used` counts them, the one definition the spend (`wm_spend_message`) and
 * the standing share; it looks each counter up by its key, so it never reads the table whole, whatever the table
 * holds (docs/performance.md#plans-that-do-not-depend-on-the-data).
 */
export function accountFreeUsed(userId: number | Placeholder): SQL<number> {
  return sql<number>`wm_account_free_used(${userId}::integer)`.mapWith(Number);
}
