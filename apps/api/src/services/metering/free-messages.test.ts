import { sql, type SQLWrapper } from 'drizzle-orm';
import type { AppDatabase } from '../../db/database';
import { messageCounters, visitorAccounts } from '../../db/schema';
import { signUpByEmail } from '../../testing/sign-in';
import { describeEachDatabase } from '../../testing/test-app';
import { accountFreeUsedQuery } from './free-messages';

// Counters of other visitors and other days: what a table in use holds beside one account's few.
const OTHER_COUNTERS = 3000;

describeEachDatabase("an account's free messages used", (getApp) => {
  let db: AppDatabase;
  let userId: number;

  beforeAll(async () => {
    db = getApp().database.db;
    userId = (await signUpByEmail(getApp())).user.pk;
    const [linked, alsoLinked] = [crypto.randomUUID(), crypto.randomUUID()];
    await db.insert(visitorAccounts).values([
      { uid: linked, userId },
      { uid: alsoLinked, userId },
    ]);
    await db.insert(messageCounters).values([
      { key: `user:${userId}`, period: 'free', used: 2 },
      { key: `uid:${linked}`, period: 'all', used: 3 },
      { key: `uid:${alsoLinked}`, period: 'all', used: 1 },
      // Not free replies of the pool: the account's day under a subscription, a linked uid's address-like day.
      { key: `user:${userId}`, period: '2030-01-15', used: 7 },
      { key: `uid:${linked}`, period: '2030-01-15', used: 9 },
      ...Array.from({ length: OTHER_COUNTERS }, (_, i) => ({
        key: i % 2 === 0 ? `uid:${crypto.randomUUID()}` : `ip:198.51.100.${i % 250}`,
        period: i % 2 === 0 ? 'all' : `2030-01-${String(1 + (i % 28)).padStart(2, '0')}-${i}`,
        used: 4,
      })),
    ]);
    await db.execute(sql`analyze message_counters`);
    await db.execute(sql`analyze visitor_accounts`);
  });

  it("adds up the account's own counter and its linked uids', nothing else", async () => {
    const [row] = await accountFreeUsedQuery(db, userId);
    expect(row?.used).toBe(2 + 3 + 1);
  });

  it('answers 0 for an account that used none', async () => {
    const fresh = (await signUpByEmail(getApp())).user.pk;
    const [row] = await accountFreeUsedQuery(db, fresh);
    expect(row?.used).toBe(0);
  });

  it('looks the counters up by key instead of reading every one (docs/performance.md#free-messages-read-by-key)', async () => {
    expect(await scannedTables(db, accountFreeUsedQuery(db, userId))).not.toContain('message_counters');
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
    const [row] = await accountFreeUsedQuery(db, userId);
    expect(row?.used).toBe(2 + 3 + 1 + 1);
  });
});

/** The tables a statement's plan reads whole (Seq Scan), from EXPLAIN. */
async function scannedTables(db: AppDatabase, query: SQLWrapper): Promise<string[]> {
  const result = (await db.execute<{ 'QUERY PLAN': unknown }>(sql`explain (format json) ${query}`)) as {
    rows: { 'QUERY PLAN': unknown }[];
  };
  const plan = result.rows[0]?.['QUERY PLAN'];
  const tree: unknown = typeof plan === 'string' ? JSON.parse(plan) : plan;
  const scanned: string[] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (typeof node !== 'object' || node === null) return;
    const record = node as Record<string, unknown>;
    if (record['Node Type'] === 'Seq Scan' && typeof record['Relation Name'] === 'string') {
      scanned.push(record['Relation Name']);
    }
    Object.values(record).forEach(visit);
  };
  visit(tree);
  return scanned;
}

/** Sequential scans of a table this connection has made (its pending statistics count the open transaction's). */
async function sequentialScans(db: AppDatabase, table: string): Promise<number> {
  const result = (await db.execute<{ n: number }>(
    sql`select seq_scan::int as n from pg_stat_xact_user_tables where relname = ${table}`,
  )) as { rows: { n: number }[] };
  return result.rows[0]?.n ?? 0;
}
