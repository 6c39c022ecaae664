import { sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/database';

/**
 * A transaction-scoped lock per visitor uid, so a uid's free replies are counted once
 * (docs/product.md#messages-and-metering): spending a visitor's free message holds it shared (in the database's
 * `wm_spend_message`, under the same key), and linking the uid to an account holds it alone. A link therefore waits
 * for the debits already under way, and a debit that starts after a link sees the link and is refused; the account's
 * pool then counts every reply the uid was given. Released when the transaction ends.
 */
export async function lockVisitorForLinking(tx: AppDatabase, uid: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${visitorLockKey(uid)})`);
}

function visitorLockKey(uid: string) {
  return sql`hashtextextended(${`visitor:${uid}`}, 0)`;
}
