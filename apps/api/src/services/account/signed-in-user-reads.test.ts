import type { User } from '@wingmate/api-contract';
import type { UserRow } from '../../db/schema';
import { bearer, signUpByEmail, uniqueEmail } from '../../testing/sign-in';
import { describeEachDatabase } from '../../testing/test-app';
import { SignedInUserReads, userRowsReader, type UserRowsReader } from './signed-in-user-reads';

/** Reads over a reader whose queries the test answers by hand, recording the ids of each. */
function withHeldReader() {
  const reads: { ids: readonly number[]; answer(rows: UserRow[]): void; fail(error: Error): void }[] = [];
  const reader: UserRowsReader = (ids) =>
    new Promise((resolve, reject) => reads.push({ ids, answer: resolve, fail: reject }));
  return { users: new SignedInUserReads(reader), reads };
}

const row = (id: number, firstName = `user ${id}`) => ({ id, firstName }) as UserRow;
/** Lets the check phase run (where reads are sent) and the promises settle. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('SignedInUserReads', () => {
  it('sends the reads asked for in one turn as one read of their distinct ids, and answers each its own row', async () => {
    const { users, reads } = withHeldReader();
    const first = users.byId(1);
    const second = users.byId(2);
    const again = users.byId(1);
    expect(reads).toHaveLength(0);
    await nextTurn();
    expect(reads.map((read) => read.ids)).toEqual([[1, 2]]);
    reads[0]!.answer([row(2), row(1)]);
    expect(await first).toEqual(row(1));
    expect(await second).toEqual(row(2));
    expect(await again).toEqual(row(1));
  });

  it('answers undefined for an id the database has no row for', async () => {
    const { users, reads } = withHeldReader();
    const known = users.byId(1);
    const gone = users.byId(9);
    await nextTurn();
    reads[0]!.answer([row(1)]);
    expect(await known).toEqual(row(1));
    expect(await gone).toBeUndefined();
  });

  it('never answers a read from a query sent before it was asked (a sign-out must count at once)', async () => {
    const { users, reads } = withHeldReader();
    const before = users.byId(1);
    await nextTurn();
    expect(reads).toHaveLength(1);
    // Asked while the first query is out: it waits for a query of its own, sent after it was asked.
    const after = users.byId(1);
    reads[0]!.answer([row(1, 'before')]);
    expect(await before).toEqual(row(1, 'before'));
    await nextTurn();
    expect(reads.map((read) => read.ids)).toEqual([[1], [1]]);
    reads[1]!.answer([row(1, 'after')]);
    expect(await after).toEqual(row(1, 'after'));
  });

  it('keeps nothing once a query has answered: the next read of the same id is a query of its own', async () => {
    const { users, reads } = withHeldReader();
    const first = users.byId(1);
    await nextTurn();
    reads[0]!.answer([row(1, 'signed in')]);
    expect(await first).toEqual(row(1, 'signed in'));
    const next = users.byId(1);
    await nextTurn();
    expect(reads).toHaveLength(2);
    reads[1]!.answer([]);
    expect(await next).toBeUndefined();
  });

  it('fails every read of a query that fails, and reads again for the next request', async () => {
    const { users, reads } = withHeldReader();
    const first = users.byId(1);
    const second = users.byId(2);
    await nextTurn();
    reads[0]!.fail(new Error('connection lost'));
    await expect(first).rejects.toThrow('connection lost');
    await expect(second).rejects.toThrow('connection lost');
    const later = users.byId(1);
    await nextTurn();
    reads[1]!.answer([row(1)]);
    expect(await later).toEqual(row(1));
  });
});

describeEachDatabase('signed-in user reads', (getApp) => {
  it('reads one row, several rows and no row from the database', async () => {
    const app = getApp();
    const signedUp = await Promise.all([1, 2, 3].map(() => signUpByEmail(app, uniqueEmail('reads'))));
    const ids = signedUp.map((tokens) => tokens.user.pk);
    const read = userRowsReader(app.database.db);
    expect((await read([ids[0]!])).map((user) => user.id)).toEqual([ids[0]]);
    expect((await read([...ids, 2_000_000_000])).map((user) => user.id).sort()).toEqual([...ids].sort());
    expect(await read([2_000_000_000])).toEqual([]);
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
});
