import { eq, inArray, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/database';
import { suggestions, users } from '../../db/schema';
import { signUpByEmail } from '../../testing/sign-in';
import { describeEachDatabase } from '../../testing/test-app';
import { outcomeTallies, type CountsByKind } from './outcome-tallies';

type Outcome = 'replied' | 'no_reply' | 'date_planned';

/** A kind and tone's counts as Postgres answers them. */
type CountedRow = {
  kind: keyof CountsByKind;
  tone: string;
  sent: number;
  replied: number;
  date_planned: number;
  no_reply: number;
};

/** Everyone's outcomes counted from every suggestion, as the tone order read them before they were kept. */
async function countedFromEverySuggestion(db: AppDatabase): Promise<CountsByKind> {
  const result = (await db.execute<CountedRow>(
    sql`select kind, tone, count(*)::int as sent,
          count(*) filter (where outcome = 'replied')::int as replied,
          count(*) filter (where outcome = 'date_planned')::int as date_planned,
          count(*) filter (where outcome = 'no_reply')::int as no_reply
        from suggestions where sent_at is not null group by kind, tone`,
  )) as { rows: CountedRow[] };
  const tallies: Record<string, Record<string, unknown>> = { opener: {}, reply: {}, bio_line: {} };
  for (const row of result.rows) {
    tallies[row.kind]![row.tone] = {
      sent: row.sent,
      replied: row.replied,
      datePlanned: row.date_planned,
      noReply: row.no_reply,
    };
  }
  return tallies as unknown as CountsByKind;
}

describeEachDatabase("everyone's outcomes, kept as suggestions change", (getApp) => {
  let db: AppDatabase;
  beforeAll(() => {
    db = getApp().database.db;
  });

  const offer = async (
    userId: number | null,
    rows: { kind: 'opener' | 'reply' | 'bio_line'; tone: string; sent?: boolean; outcome?: Outcome }[],
  ): Promise<string[]> => {
    const values = rows.map(({ kind, tone, sent, outcome }) => ({
      id: crypto.randomUUID(),
      userId,
      uid: userId === null ? crypto.randomUUID() : null,
      kind,
      tone,
      text: 'A suggestion',
      sentAt: sent || outcome ? new Date() : null,
      outcome: outcome ?? null,
    }));
    await db.insert(suggestions).values(values);
    return values.map((value) => value.id);
  };
  const expectKeptAsCounted = async () =>
    expect(await outcomeTallies(db, undefined)).toEqual(await countedFromEverySuggestion(db));

  it('counts sent suggestions by kind, tone and outcome as they are offered, marked, changed and deleted', async () => {
    const member = (await signUpByEmail(getApp())).user.pk;
    const [offeredOnly, sentOnly, replied] = await offer(member, [
      { kind: 'opener', tone: 'playful' },
      { kind: 'opener', tone: 'playful', sent: true },
      { kind: 'reply', tone: 'witty', outcome: 'replied' },
    ]);
    await offer(null, [
      { kind: 'opener', tone: 'playful', outcome: 'no_reply' },
      { kind: 'bio_line', tone: 'sincere', outcome: 'date_planned' },
    ]);
    await expectKeptAsCounted();

    const mark = (id: string, changes: Partial<typeof suggestions.$inferInsert>) =>
      db.update(suggestions).set(changes).where(eq(suggestions.id, id));
    await mark(offeredOnly!, { sentAt: new Date() });
    await mark(sentOnly!, { outcome: 'replied', outcomeAt: new Date() });
    await mark(replied!, { outcome: 'no_reply' });
    await expectKeptAsCounted();
    await mark(replied!, { tone: 'flirty', kind: 'opener' });
    await mark(offeredOnly!, { sentAt: null });
    // A change of nothing that counts (the text, the owner) leaves them alone.
    await mark(sentOnly!, { text: 'Changed' });
    await expectKeptAsCounted();

    await db.delete(suggestions).where(inArray(suggestions.id, [sentOnly!]));
    // An account's deletion takes its suggestions with it (the foreign key cascades).
    await db.delete(users).where(eq(users.id, member));
    await expectKeptAsCounted();
  });

  it('reads a kind and tone whose sent suggestions are all gone as having none', async () => {
    const [gone] = await offer(null, [{ kind: 'bio_line', tone: 'confident', outcome: 'replied' }]);
    await db.delete(suggestions).where(eq(suggestions.id, gone!));
    expect((await outcomeTallies(db, undefined)).bio_line.confident).toBeUndefined();
    await expectKeptAsCounted();
  });

  it('counts every one of many marks of one kind and tone made at once', async () => {
    const ids = await offer(
      null,
      Array.from({ length: 20 }, () => ({ kind: 'reply' as const, tone: 'confident' })),
    );
    await Promise.all(
      ids.map((id, i) =>
        db
          .update(suggestions)
          .set({ sentAt: new Date(), outcome: i % 2 === 0 ? 'replied' : 'no_reply' })
          .where(eq(suggestions.id, id)),
      ),
    );
    await expectKeptAsCounted();
  });

  it('reads none of the suggestions themselves', async () => {
    await offer(null, [{ kind: 'opener', tone: 'witty', outcome: 'replied' }]);
    const reads = await db.transaction(async (tx) => {
      const before = await suggestionReads(tx);
      await outcomeTallies(tx, undefined);
      return (await suggestionReads(tx)) - before;
    });
    expect(reads).toBe(0);
  });
});

/** Scans of `suggestions`, sequential or by index, this connection has made (its pending statistics). */
async function suggestionReads(db: AppDatabase): Promise<number> {
  const result = (await db.execute<{ n: number }>(
    sql`select (seq_scan + coalesce(idx_scan, 0))::int as n from pg_stat_xact_user_tables where relname = 'suggestions'`,
  )) as { rows: { n: number }[] };
  return result.rows[0]?.n ?? 0;
}
