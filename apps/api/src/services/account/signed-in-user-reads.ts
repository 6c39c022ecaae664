import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { AppDatabase } from '../../db/database';
import { sessions, users, type UserRow } from '../../db/schema';

/** A live session and its user's row. */
export interface SessionUser {
  readonly sessionId: string;
  readonly user: UserRow;
}

/**
 * Reads the users of these sessions (distinct ids), each with its user's row; a session that was revoked or does
 * not exist is simply not in the answer.
 */
export type SessionUsersReader = (sessionIds: readonly string[]) => Promise<SessionUser[]>;

/**
 * The user row of every signed-in request, read fresh with the request's session in the same query (the access token's
 * `sid`: docs/decisions.md#sessions-in-the-browser): the reads that requests ask for in the same turn of the event loop
 * go to the database as one query (docs/performance.md#what-changed). A read joins only a query not yet sent, so each
 * request's row is read after the request arrived, and nothing is kept once the query has answered: a logout, a
 * deletion or a revocation takes effect at once, as with one query per request
 * (docs/decisions.md#production-start-and-throughput).
 */
export class SignedInUserReads {
  private waiting = new Map<string, Waiter[]>();

  constructor(private readonly readSessions: SessionUsersReader) {}

  /** The user of a live session, when it is `userId`'s; undefined for an ended session or another user's. */
  bySession(sessionId: string, userId: number): Promise<UserRow | undefined> {
    return new Promise((resolve, reject) => {
      if (this.waiting.size === 0) {
        // The check phase comes after the poll phase has run the callbacks of every socket it found readable, so
        // the requests that arrived together have all asked for their user by then.
        setImmediate(() => void this.send());
      }
      const waiter = { userId, resolve, reject };
      const waiters = this.waiting.get(sessionId);
      if (waiters) waiters.push(waiter);
      else this.waiting.set(sessionId, [waiter]);
    });
  }

  private async send(): Promise<void> {
    const batch = this.waiting;
    this.waiting = new Map();
    try {
      const rows = await this.readSessions([...batch.keys()]);
      const userOf = new Map(rows.map((row) => [row.sessionId, row.user]));
      for (const [sessionId, waiters] of batch) {
        const user = userOf.get(sessionId);
        for (const waiter of waiters) waiter.resolve(user?.id === waiter.userId ? user : undefined);
      }
    } catch (error) {
      for (const waiters of batch.values()) for (const waiter of waiters) waiter.reject(error);
    }
  }
}

interface Waiter {
  readonly userId: number;
  resolve(row: UserRow | undefined): void;
  reject(error: unknown): void;
}

/**
 * Postgres assumes an array parameter holds this many values when it plans a statement for any value (its generic
 * plan), and keeps planning each call for its own values while those plans look cheaper: a batch of fewer sessions
 * than this was planned again on every read, 0.19 ms of the server's time each, as much as the read itself
 * (docs/performance.md#plans-that-do-not-depend-on-the-data).
 */
export const GENERIC_ARRAY_LENGTH = 10;

/**
 * The ids of a batch, repeated to at least `GENERIC_ARRAY_LENGTH` values: a session listed twice is still read once
 * (`= any(...)` is a condition, not a join), and a statement whose every call lists that many is planned once.
 */
export function paddedIds(ids: readonly string[]): string[] {
  const padded = [...ids];
  if (ids.length === 0) return padded;
  while (padded.length < GENERIC_ARRAY_LENGTH)
    padded.push(...ids.slice(0, GENERIC_ARRAY_LENGTH - padded.length));
  return padded;
}

/**
 * The database's reader: the live sessions joined with their users' rows by primary key, one statement for one
 * session (what a quiet moment sends) and one for several, each prepared once per reader (one reader per app).
 */
export function sessionUsersReader(db: AppDatabase): SessionUsersReader {
  const liveSessions = (which: SQL) =>
    db
      .select({ sessionId: sessions.id, user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(which, isNull(sessions.revokedAt)));
  const one = liveSessions(eq(sessions.id, sql.placeholder('id'))).prepare('session_user');
  const several = liveSessions(sql`${sessions.id} = any(${sql.placeholder('ids')}::uuid[])`).prepare(
    'session_users',
  );
  return async (ids) => {
    if (ids.length > 1) return several.execute({ ids: paddedIds(ids) });
    return ids[0] === undefined ? [] : one.execute({ id: ids[0] });
  };
}
