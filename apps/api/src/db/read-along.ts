import { sql, type SQL } from 'drizzle-orm';
import type { AppDatabase } from './database';

/**
 * Columns one statement reads beside its own work, and what the row makes of them: a write and the read that
 * follows it in one round trip instead of two (docs/performance.md#the-prompt-read-with-the-spend). The columns are
 * a select list of scalar subqueries, each named by an alias the row is read by; their values are bound as
 * parameters, so the statement's text, and its prepared statement, is the same for every call.
 */
export interface ReadAlong<R> {
  readonly columns: SQL;
  readonly valueOf: (row: Readonly<Record<string, unknown>>) => R;
}

/** The columns read in a statement of their own. */
export async function readAlone<R>(db: AppDatabase, along: ReadAlong<R>): Promise<R> {
  const answer: unknown = await db.execute(sql`select ${along.columns}`);
  // Both drivers answer a raw statement's rows as `rows`.
  const [row] = (answer as { rows: Record<string, unknown>[] }).rows;
  if (!row) throw new Error('a select of columns answered no row');
  return along.valueOf(row);
}
