import { sql } from 'drizzle-orm';
import type { AppDatabase } from '../db/database';

/**
 * How many of this database's sessions wait for a lock of one of `lockTypes` (pg_locks' `locktype`: `advisory`,
 * `tuple`, `transactionid`...): a test holds a lock in one transaction and waits with `waitFor` until the statement
 * it started on another connection is queued behind it. Postgres only: PGlite has one connection.
 */
export async function locksWaiting(db: AppDatabase, lockTypes: readonly string[]): Promise<number> {
  const types = sql.join(
    lockTypes.map((type) => sql`${type}`),
    sql`, `,
  );
  const result = (await db.execute<{ n: number }>(
    sql`select count(*)::int as n from pg_locks where locktype in (${types}) and not granted
        and pid in (select pid from pg_stat_activity where datname = current_database())`,
  )) as { rows: { n: number }[] };
  return result.rows[0]?.n ?? 0;
}
