import { sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/database';
import { users, type UserRow } from '../../db/schema';
import { userById } from './accounts';

/** Reads the rows of these users (distinct ids); an id without a row is simply not in the answer. */
export type UserRowsReader = (ids: readonly number[]) => Promise<UserRow[]>;

/**
 * The user row of every signed-in request, read fresh: the reads that requests ask for in the same turn of the
 * event loop go to the database as one query (docs/performance.md). A read joins only a query not yet sent, so
 * each request's row is read after the request arrived, and nothing is kept once the query has answered: a
 * logout, a deletion or a revocation takes effect at once, as with one query per request (decisions.md).
 */
export class SignedInUserReads {
  private waiting = new Map<number, Waiter[]>();

  constructor(private readonly readRows: UserRowsReader) {}

  byId(id: number): Promise<UserRow | undefined> {
    return new Promise((resolve, reject) => {
      if (this.waiting.size === 0) {
        // The check phase comes after the poll phase has run the callbacks of every socket it found readable, so
        // the requests that arrived together have all asked for their user by then.
        setImmediate(() => void this.send());
      }
      const waiters = this.waiting.get(id);
      if (waiters) waiters.push({ resolve, reject });
      else this.waiting.set(id, [{ resolve, reject }]);
    });
  }

  private async send(): Promise<void> {
    const batch = this.waiting;
    this.waiting = new Map();
    try {
      const rows = await this.readRows([...batch.keys()]);
      const rowOf = new Map(rows.map((row) => [row.id, row]));
      for (const [id, waiters] of batch) for (const waiter of waiters) waiter.resolve(rowOf.get(id));
    } catch (error) {
      for (const waiters of batch.values()) for (const waiter of waiters) waiter.reject(error);
    }
  }
}

interface Waiter {
  resolve(row: UserRow | undefined): void;
  reject(error: unknown): void;
}

/**
 * The database's reader: one id through `userById`'s single-row statement (what a quiet moment sends), several
 * through one statement of their own, built here once per reader (one reader per app).
 */
export function userRowsReader(db: AppDatabase): UserRowsReader {
  const several = db
    .select()
    .from(users)
    .where(sql`${users.id} = any(${sql.placeholder('ids')}::integer[])`)
    .prepare('users_by_ids');
  return async (ids) => {
    if (ids.length > 1) return several.execute({ ids: [...ids] });
    const row = ids[0] === undefined ? undefined : await userById(db, ids[0]);
    return row ? [row] : [];
  };
}
