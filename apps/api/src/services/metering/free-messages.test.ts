import { sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/database';
import { messageCounters, visitorAccounts } from '../../db/schema';
import { signUpByEmail } from '../../testing/sign-in';
import { describeEachDatabase } from '../../testing/test-app';
import { accountFreeUsed } from './free-messages';

// The counters beside one account's few, as in a young deployment: mostly other members' own free counters and
// addresses' days, a few visitors'. While the table is this small, a join of the linked uids with their counters
// was planned as a hash of the whole table.
const OTHER_COUNTERS = 1000;
/** The account's linked uids; two of them used free replies. */
const LINKED_UIDS = 40;

describeEachDatabase("an account's free messages used", (getApp) => {
  let db: AppDatabase;
  let userId: number;

  beforeAll(async () => {
    db = getApp().database.db;
    userId = (await signUpByEmail(getApp())).user.pk;
    // Every sign-out leaves the device's uid with the account: someone who signs in and out often has dozens.
    const uids = Array.from({ length: LINKED_UIDS }, () => crypto.randomUUID());
    const [linked, alsoLinked] = uids;
    await db.insert(visitorAccounts).values(uids.map((uid) => ({ uid, userId })));
    await db.insert(messageCounters).values([
      { key: `user:${userId}`, period: 'free', used: 2 },
      { key: `uid:${linked}`, period: 'all', used: 3 },
      { key: `uid:${alsoLinked}`, period: 'all', used: 1 },
      // Not free replies of the pool: the account's day under a subscription, a linked uid's address-like day.
      { key: `user:${userId}`, period: '2030-01-15', used: 7 },
      { key: `uid:${linked}`, period: '2030-01-15', used: 9 },
      ...Array.from({ length: OTHER_COUNTERS }, (_, i) => otherCounter(i)),
    ]);
    await db.execute(sql`analyze message_counters`);
    await db.execute(sql`analyze visitor_accounts`);
  });

  it("adds up the account's own counter and its linked uids', nothing else", async () => {
    expect(await freeUsed(db, userId)).toBe(2 + 3 + 1);
  });

  it('answers 0 for an account that used none', async () => {
    const fresh = (await signUpByEmail(getApp())).user.pk;
    expect(await freeUsed(db, fresh)).toBe(0);
  });

  it('looks each counter up by key instead of reading the table (docs/performance.md#plans-that-do-not-depend-on-the-data)', async () => {
    const seqScans = await db.transaction(async (tx) => {
      const before = await sequentialScans(tx, 'message_counters');
      expect(await freeUsed(tx, userId)).toBe(2 + 3 + 1);
      return (await sequentialScans(tx, 'message_counters')) - before;
    });
    expect(seqScans).toBe(0);
  });

  it("spends an account's free message looking its counters up by key", async () => {
    const seqScans = await db.transaction(async (tx) => {
      const before = await sequentialScans(tx, 'message_counters');
      await tx.execute(
        sql`select * from wm_spend_message(${userId}::integer, null, 'ip:198.51.100.7', '2030-01-15', 10, 100, 3)`,
      );
      return (await sequentialScans(tx, 'message_counters')) - before;
    });
    expect(seqScans).toBe(0);
    expect(await freeUsed(db, userId)).toBe(2 + 3 + 1 + 1);
  });
});

/** One of the other counters: a member's own free counter, an address's day, now and then a visitor's. */
function otherCounter(i: number) {
  if (i % 100 === 0) return { key: `uid:${crypto.randomUUID()}`, period: 'all', used: 4 };
  if (i % 10 === 0) return { key: `ip:198.51.100.${i % 250}`, period: `2030-01-${10 + (i % 19)}`, used: 4 };
  return { key: `user:${1_000_000 + i}`, period: 'free', used: 3 };
}

async function freeUsed(db: AppDatabase, userId: number): Promise<number> {
  const result = (await db.execute(sql`select ${accountFreeUsed(userId)} as used`)) as {
    rows: { used: number | string }[];
  };
  return Number(result.rows[0]?.used);
}

/** Sequential scans of a table this connection has made (its pending statistics count the open transaction's). */
async function sequentialScans(db: AppDatabase, table: string): Promise<number> {
  const result = (await db.execute<{ n: number }>(
    sql`select seq_scan::int as n from pg_stat_xact_user_tables where relname = ${table}`,
  )) as { rows: { n: number }[] };
  return result.rows[0]?.n ?? 0;
}
