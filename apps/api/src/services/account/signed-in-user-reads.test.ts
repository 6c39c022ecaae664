import type { User } from '@wingmate/api-contract';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { Pool } from 'pg';
import type { AppDatabase } from '../../db/database';
import * as schema from '../../db/schema';
import type { UserRow } from '../../db/schema';
import { bearer, signUpByEmail, uniqueEmail } from '../../testing/sign-in';
import { describeEachDatabase } from '../../testing/test-app';
import {
  GENERIC_ARRAY_LENGTH,
  paddedIds,
  SignedInUserReads,
  sessionUsersReader,
  type SessionUser,
  type SessionUsersReader,
} from './signed-in-user-reads';

/** Reads over a reader whose queries the test answers by hand, recording the session ids of each. */
function withHeldReader() {
  const reads: { ids: readonly string[]; answer(rows: SessionUser[]): void; fail(error: Error): void }[] = [];
  const reader: SessionUsersReader = (ids) =>
    new Promise((resolve, reject) => reads.push({ ids, answer: resolve, fail: reject }));
  return { users: new SignedInUserReads(reader), reads };
}

const row = (id: number, firstName = `user ${id}`) => ({ id, firstName }) as UserRow;
/** Session `s<id>` of user `id`. */
const live = (id: number, firstName?: string): SessionUser => ({
  sessionId: `s${id}`,
  user: row(id, firstName),
});
/** Lets the check phase run (where reads are sent) and the promises settle. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('SignedInUserReads', () => {
  it('sends the reads asked for in one turn as one read of their distinct sessions, and answers each its own row', async () => {
    const { users, reads } = withHeldReader();
    const first = users.bySession('s1', 1);
    const second = users.bySession('s2', 2);
    const again = users.bySession('s1', 1);
    expect(reads).toHaveLength(0);
    await nextTurn();
    expect(reads.map((read) => read.ids)).toEqual([['s1', 's2']]);
    reads[0]!.answer([live(2), live(1)]);
    expect(await first).toEqual(row(1));
    expect(await second).toEqual(row(2));
    expect(await again).toEqual(row(1));
  });

  it('answers undefined for a session the database has no live row for', async () => {
    const { users, reads } = withHeldReader();
    const known = users.bySession('s1', 1);
    const ended = users.bySession('s9', 9);
    await nextTurn();
    reads[0]!.answer([live(1)]);
    expect(await known).toEqual(row(1));
    expect(await ended).toBeUndefined();
  });

  it("answers undefined for a token naming another user's session", async () => {
    const { users, reads } = withHeldReader();
    const other = users.bySession('s1', 2);
    await nextTurn();
    reads[0]!.answer([live(1)]);
    expect(await other).toBeUndefined();
  });

  it('never answers a read from a query sent before it was asked (a sign-out must count at once)', async () => {
    const { users, reads } = withHeldReader();
    const before = users.bySession('s1', 1);
    await nextTurn();
    expect(reads).toHaveLength(1);
    // Asked while the first query is out: it waits for a query of its own, sent after it was asked.
    const after = users.bySession('s1', 1);
    reads[0]!.answer([live(1, 'before')]);
    expect(await before).toEqual(row(1, 'before'));
    await nextTurn();
    expect(reads.map((read) => read.ids)).toEqual([['s1'], ['s1']]);
    reads[1]!.answer([live(1, 'after')]);
    expect(await after).toEqual(row(1, 'after'));
  });

  it('keeps nothing once a query has answered: the next read of the same session is a query of its own', async () => {
    const { users, reads } = withHeldReader();
    const first = users.bySession('s1', 1);
    await nextTurn();
    reads[0]!.answer([live(1, 'signed in')]);
    expect(await first).toEqual(row(1, 'signed in'));
    const next = users.bySession('s1', 1);
    await nextTurn();
    expect(reads).toHaveLength(2);
    reads[1]!.answer([]);
    expect(await next).toBeUndefined();
  });

  it('fails every read of a query that fails, and reads again for the next request', async () => {
    const { users, reads } = withHeldReader();
    const first = users.bySession('s1', 1);
    const second = users.bySession('s2', 2);
    await nextTurn();
    reads[0]!.fail(new Error('connection lost'));
    await expect(first).rejects.toThrow('connection lost');
    await expect(second).rejects.toThrow('connection lost');
    const later = users.bySession('s1', 1);
    await nextTurn();
    reads[1]!.answer([live(1)]);
    expect(await later).toEqual(row(1));
  });
});

describe('paddedIds', () => {
  it('repeats the ids of a short batch up to the length Postgres plans an array for, and keeps a long one', () => {
    const padded = paddedIds(['a', 'b', 'c']);
    expect(padded).toHaveLength(GENERIC_ARRAY_LENGTH);
    expect(new Set(padded)).toEqual(new Set(['a', 'b', 'c']));
    expect(paddedIds(['a', 'b'])).toEqual(['a', 'b', 'a', 'b', 'a', 'b', 'a', 'b', 'a', 'b']);
    const long = Array.from({ length: 12 }, (_, index) => `s${index}`);
    expect(paddedIds(long)).toEqual(long);
    expect(paddedIds([])).toEqual([]);
  });
});

/** The `sid` an access token carries. */
function sessionOf(access: string): string {
  return (JSON.parse(Buffer.from(access.split('.')[1]!, 'base64url').toString()) as { sid: string }).sid;
}

describeEachDatabase('signed-in user reads', (getApp) => {
  it('reads one live session, several and none from the database, each with its user', async () => {
    const app = getApp();
    const signedUp = await Promise.all([1, 2, 3].map(() => signUpByEmail(app, uniqueEmail('reads'))));
    const sessionIds = signedUp.map((tokens) => sessionOf(tokens.access));
    const userOfSession = (rows: SessionUser[]) => rows.map((found) => [found.sessionId, found.user.id]);
    const read = sessionUsersReader(app.database.db);
    expect(userOfSession(await read([sessionIds[0]!]))).toEqual([[sessionIds[0], signedUp[0]!.user.pk]]);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(userOfSession(await read([...sessionIds, unknown])).sort()).toEqual(
      signedUp.map((tokens, index) => [sessionIds[index], tokens.user.pk]).sort(),
    );
    expect(await read([unknown])).toEqual([]);
    await app.inject({ method: 'POST', url: '/auth/logout/', payload: { refresh: signedUp[0]!.refresh } });
    expect(await read([sessionIds[0]!])).toEqual([]);
  });

  it('answers each of many requests sent at once with its own user, and refuses the one signed out', async () => {
    const app = getApp();
    const signedUp = await Promise.all(
      Array.from({ length: 6 }, () => signUpByEmail(app, uniqueEmail('together'))),
    );
    const signedOut = signedUp[5]!;
    const out = await app.inject({ method: 'POST', url: '/auth/logout/all/', headers: bearer(signedOut) });
    expect(out.statusCode).toBe(200);
    const answers = await Promise.all(
      signedUp.map((tokens) => app.inject({ method: 'GET', url: '/auth/user/', headers: bearer(tokens) })),
    );
    for (const [index, answer] of answers.slice(0, 5).entries()) {
      expect(answer.statusCode).toBe(200);
      expect(answer.json<User>()).toMatchObject({
        pk: signedUp[index]!.user.pk,
        email: signedUp[index]!.user.email,
      });
    }
    expect(answers[5]!.statusCode).toBe(401);
    expect(answers[5]!.json()).toMatchObject({ code: 'token_not_valid' });
  });

  it('plans the read of several sessions once, however many a batch holds (docs/performance.md#plans-that-do-not-depend-on-the-data)', async () => {
    const app = getApp();
    const signedUp = await Promise.all([1, 2, 3, 4].map(() => signUpByEmail(app, uniqueEmail('plans'))));
    const sessionIds = signedUp.map((tokens) => sessionOf(tokens.access));
    // A table in use: with a few rows, a plan for any value costs what a plan for given ones does.
    const db = app.database.db;
    await db.insert(schema.sessions).values(
      Array.from({ length: 2000 }, () => ({
        id: crypto.randomUUID(),
        userId: signedUp[0]!.user.pk,
        createdAt: new Date(),
      })),
    );
    await db.execute(sql`analyze sessions`);
    await onOneConnection(db, async (db) => {
      const read = sessionUsersReader(db);
      const before = await batchedReadPlans(db);
      for (let batch = 0; batch < 24; batch++) {
        const ids = sessionIds.slice(0, 2 + (batch % 3));
        expect(await read(ids)).toHaveLength(ids.length);
      }
      const after = await batchedReadPlans(db);
      // Postgres plans the first five calls for their values, then keeps the plan for any value while it is as
      // cheap: a statistics update meanwhile (autovacuum's analyze of the sessions just added) may tip a few calls
      // back, so half is the bound. Without the padding every call is planned for its values.
      expect(after.custom - before.custom).toBeLessThanOrEqual(12);
      expect(after.generic - before.generic).toBeGreaterThanOrEqual(12);
    });
  });
});

/** How often this connection planned the batched read for its values and for any value (none when not prepared). */
async function batchedReadPlans(db: AppDatabase): Promise<{ custom: number; generic: number }> {
  type Plans = { generic_plans: number | string; custom_plans: number | string };
  const result = (await db.execute<Plans>(
    sql`select generic_plans, custom_plans from pg_prepared_statements
        where statement like '%"sessions"."id" = any(%' and statement not like '%pg_prepared_statements%'`,
  )) as { rows: Plans[] };
  expect(result.rows.length).toBeLessThanOrEqual(1);
  const [row] = result.rows;
  return { custom: Number(row?.custom_plans ?? 0), generic: Number(row?.generic_plans ?? 0) };
}

/**
 * Runs `use` with a database that sends everything on one connection, so the statements it prepares can be seen in
 * `pg_prepared_statements`: PGlite has only one; on Postgres, one connection of the app's pool, held meanwhile.
 */
async function onOneConnection(db: AppDatabase, use: (db: AppDatabase) => Promise<void>): Promise<void> {
  const client = (db as unknown as { $client: unknown }).$client;
  if (!isPool(client)) return use(db);
  const connection = await client.connect();
  try {
    await use(drizzle({ client: connection, schema }));
  } finally {
    connection.release();
  }
}

function isPool(client: unknown): client is Pool {
  return typeof (client as Partial<Pool>).connect === 'function' && 'totalCount' in (client as object);
}
