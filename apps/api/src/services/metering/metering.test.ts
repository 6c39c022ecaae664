import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { plans, userPlans } from '../../db/schema';
import { giveMessages, spendFreeMessages } from '../../testing/chat';
import { signUpByEmail } from '../../testing/sign-in';
import { locksWaiting } from '../../testing/postgres-locks';
import { waitFor } from '../../testing/wait-for';
import type { AppDatabase } from '../../db/database';
import { linkVisitor } from '../account/accounts';
import { describeEachDatabase } from '../../testing/test-app';
import { remainingMessages } from '../chat/remaining-messages';
import { Metering, type SpentMessage } from './metering';

const limits = { freeMessages: 5, freeMessagesPerIp: 20, subscriptionDailyCap: 3 };
const fixedClock = { now: () => Date.parse('2030-01-15T12:00:00Z') };

let nextIp = 0;
function freshIp(): string {
  nextIp += 1;
  return `192.0.2.${nextIp}`;
}

function freshUid(): string {
  return crypto.randomUUID();
}

async function memberWith(
  app: FastifyInstance,
  ...held: { code: string; remaining?: number }[]
): Promise<number> {
  const userId = (await signUpByEmail(app)).user.pk;
  await spendFreeMessages(app, userId); // these tests are about plans
  for (const { code, remaining } of held) {
    const [plan] = await app.database.db.select().from(plans).where(eq(plans.code, code));
    await app.database.db.insert(userPlans).values({
      userId,
      planId: plan!.id,
      provider: 'local',
      status: 'active',
      isActive: true,
      complete: true,
      remainingMessages: remaining ?? null,
      amountCents: plan!.priceCents,
      currency: 'usd',
      subscriptionId: remaining === undefined ? `sub_${userId}` : null,
      currentPeriodEnd: remaining === undefined ? new Date('2030-02-01T00:00:00Z') : null,
    });
  }
  return userId;
}

async function remaining(app: FastifyInstance, userId: number): Promise<number[]> {
  const rows = await app.database.db
    .select()
    .from(userPlans)
    .where(eq(userPlans.userId, userId))
    .orderBy(userPlans.id);
  return rows.map((row) => row.remainingMessages ?? -1);
}

function settle(debits: Promise<SpentMessage>[]) {
  return Promise.allSettled(debits);
}

describeEachDatabase('message metering', (getApp, kind) => {
  const metering = () => new Metering(getApp().database.db, limits, fixedClock);

  it('spends exactly 5 of 20 concurrent debits on 5 remaining messages', async () => {
    const userId = await memberWith(getApp(), { code: 'metered-50', remaining: 5 });
    const results = await settle(
      Array.from({ length: 20 }, () => metering().spendMessage({ userId, ip: freshIp() })),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(5);
    expect(await remaining(getApp(), userId)).toEqual([0]);
  });

  it('answers 402 no_messages when nothing is left (docs/product.md#messages-and-metering)', async () => {
    const userId = await memberWith(getApp());
    await expect(metering().spendMessage({ userId, ip: freshIp() })).rejects.toMatchObject({
      statusCode: 402,
      body: { detail: 'No messages remaining.', code: 'no_messages' },
    });
  });

  it("spends the oldest metered plan's messages first", async () => {
    const userId = await memberWith(
      getApp(),
      { code: 'metered-50', remaining: 2 },
      { code: 'metered-200', remaining: 7 },
    );
    for (let i = 0; i < 3; i++) await metering().spendMessage({ userId, ip: freshIp() });
    expect(await remaining(getApp(), userId)).toEqual([0, 6]);
  });

  it('lets an active subscription send up to the daily fair-use cap, then spends packs', async () => {
    const userId = await memberWith(
      getApp(),
      { code: 'standard-month-1' },
      { code: 'metered-50', remaining: 1 },
    );
    const kinds = [];
    for (let i = 0; i < 4; i++)
      kinds.push((await metering().spendMessage({ userId, ip: freshIp() })).debit.kind);
    expect(kinds).toEqual(['subscription', 'subscription', 'subscription', 'plan']);
    await expect(metering().spendMessage({ userId, ip: freshIp() })).rejects.toMatchObject({
      statusCode: 402,
    });
  });

  it('starts a new fair-use day at midnight UTC', async () => {
    const userId = await memberWith(getApp(), { code: 'standard-month-1' });
    for (let i = 0; i < 3; i++) await metering().spendMessage({ userId, ip: freshIp() });
    const nextDay = new Metering(getApp().database.db, limits, {
      now: () => Date.parse('2030-01-16T00:00:01Z'),
    });
    await expect(nextDay.spendMessage({ userId, ip: freshIp() })).resolves.toMatchObject({
      debit: { kind: 'subscription' },
    });
  });

  it('gives a visitor 5 free replies by uid (FREE_MESSAGES)', async () => {
    const uid = freshUid();
    for (let i = 0; i < 5; i++) await metering().spendMessage({ uid, ip: freshIp() });
    await expect(metering().spendMessage({ uid, ip: freshIp() })).rejects.toMatchObject({ statusCode: 402 });
  });

  it('gives one IP at most 20 free replies a day, whatever the uid (FREE_MESSAGES_PER_IP)', async () => {
    const ip = freshIp();
    for (let i = 0; i < 4; i++)
      for (let j = 0; j < 5; j++) await metering().spendMessage({ uid: `ip-cap-${i}-${ip}`, ip });
    const uid = freshUid();
    await expect(metering().spendMessage({ uid, ip })).rejects.toMatchObject({ statusCode: 402 });
    // The refused message did not use the new uid's free replies.
    for (let i = 0; i < 5; i++) await metering().spendMessage({ uid, ip: freshIp() });
  });

  it('refunds a metered message when the reply fails', async () => {
    const userId = await memberWith(getApp(), { code: 'metered-50', remaining: 1 });
    const { debit } = await metering().spendMessage({ userId, ip: freshIp() });
    await metering().refundMessage(debit);
    expect(await remaining(getApp(), userId)).toEqual([1]);
  });

  it("refunds a visitor's free reply when the reply fails", async () => {
    const uid = freshUid();
    for (let i = 0; i < 4; i++) await metering().spendMessage({ uid, ip: freshIp() });
    await metering().refundMessage((await metering().spendMessage({ uid, ip: freshIp() })).debit);
    await expect(metering().spendMessage({ uid, ip: freshIp() })).resolves.toMatchObject({
      debit: { kind: 'free' },
    });
  });

  it("spends a member's free messages before any plan, and refunds one to the account's pool", async () => {
    const userId = (await signUpByEmail(getApp())).user.pk;
    await giveMessages(getApp(), userId, 2);
    const debits = [];
    for (let i = 0; i < 5; i++) debits.push((await metering().spendMessage({ userId, ip: freshIp() })).debit);
    expect(debits.map((debit) => debit.kind)).toEqual(Array(5).fill('account-free'));
    await metering().refundMessage(debits[4]!);
    await expect(metering().spendMessage({ userId, ip: freshIp() })).resolves.toMatchObject({
      debit: { kind: 'account-free' },
    });
    const { debit: paid } = await metering().spendMessage({ userId, ip: freshIp() });
    expect(paid.kind).toBe('plan');
    expect(await remaining(getApp(), userId)).toEqual([1]);
    await metering().refundMessage(paid);
    expect(await remaining(getApp(), userId)).toEqual([2]);
  });

  // Two connections at once: PGlite has one, so there the link's transaction holds the debit back anyway.
  if (kind === 'postgres') {
    it("makes a visitor's debit wait for a sign-up linking its uid, then refuses it: the account's pool counts it", async () => {
      const { db } = getApp().database;
      const uid = freshUid();
      const userId = (await signUpByEmail(getApp())).user.pk;
      let debit: Promise<SpentMessage> | undefined;
      await db.transaction(async (tx) => {
        await linkVisitor(tx, uid, userId);
        debit = metering().spendMessage({ uid, ip: freshIp() });
        debit.catch(() => undefined); // awaited below, once the link is committed
        await waitFor(async () => (await locksWaiting(db, ['advisory'])) > 0);
      });
      await expect(debit).rejects.toMatchObject({ statusCode: 403 });
    });
  }

  it('answers the messages left after each spend as a separate read of them gives them', async () => {
    const app = getApp();
    const leftAfter = async (sender: { userId: number; ip: string } | { uid: string; ip: string }) => {
      const { messagesLeft } = await metering().spendMessage(sender);
      const owner =
        'userId' in sender
          ? { kind: 'account' as const, userId: sender.userId, uid: null }
          : { kind: 'visitor' as const, uid: sender.uid };
      const read = await remainingMessages(app.database.db, limits, fixedClock, owner, sender.ip);
      expect(messagesLeft).toBe(read);
      return messagesLeft;
    };
    // A visitor: its uid's free replies, then its address's day when that has fewer.
    const ip = freshIp();
    expect(await leftAfter({ uid: freshUid(), ip })).toBe(4);
    for (let i = 0; i < 17; i++) await metering().spendMessage({ uid: `left-${i}-${ip}`, ip });
    expect(await leftAfter({ uid: freshUid(), ip })).toBe(1);
    // A member: the account's free messages and the packs', then the packs' alone.
    const userId = (await signUpByEmail(app)).user.pk;
    await giveMessages(app, userId, 2);
    const spent = [];
    for (let i = 0; i < 7; i++) spent.push(await leftAfter({ userId, ip: freshIp() }));
    expect(spent).toEqual([6, 5, 4, 3, 2, 1, 0]);
    // A subscription: none counted.
    const subscriber = await memberWith(
      app,
      { code: 'standard-month-1' },
      { code: 'metered-50', remaining: 4 },
    );
    for (let i = 0; i < 4; i++) expect(await leftAfter({ userId: subscriber, ip: freshIp() })).toBeNull();
  });

  it('spends nothing when what runs alongside the debit throws', async () => {
    const userId = await memberWith(getApp(), { code: 'metered-50', remaining: 2 });
    const failing = () => Promise.reject(new Error('the claim failed'));
    await expect(metering().spendMessage({ userId, ip: freshIp() }, failing)).rejects.toThrow(
      'the claim failed',
    );
    expect(await remaining(getApp(), userId)).toEqual([2]);
    let seen: number[] = [];
    const alongside = async (tx: AppDatabase) => {
      const rows = await tx.select().from(userPlans).where(eq(userPlans.userId, userId));
      seen = rows.map((row) => row.remainingMessages ?? -1);
    };
    await expect(metering().spendMessage({ userId, ip: freshIp() }, alongside)).resolves.toMatchObject({
      debit: { kind: 'plan' },
      messagesLeft: 1,
    });
    // It ran in the debit's transaction, after it.
    expect(seen).toEqual([1]);
  });

  describe('with a read along (docs/performance.md#the-prompt-read-with-the-spend)', () => {
    /** The member's packs' messages as the statement began: before its spend. */
    const packsAlong = (userId: number) => ({
      columns: sql`(select coalesce(sum(remaining_messages), 0)::int from user_plans where user_id = ${userId}) as "held"`,
      valueOf: (row: Readonly<Record<string, unknown>>) => Number(row.held),
    });

    it('answers the spend and the read, which sees what was committed before the spend', async () => {
      const userId = await memberWith(getApp(), { code: 'metered-50', remaining: 3 });
      const spent = await metering().spendMessageReading({ userId, ip: freshIp() }, packsAlong(userId));
      expect(spent).toMatchObject({ debit: { kind: 'plan' }, messagesLeft: 2, read: 3 });
      expect(await remaining(getApp(), userId)).toEqual([2]);
    });

    it("reads a visitor's along its free reply", async () => {
      const uid = freshUid();
      const along = {
        columns: sql`${uid}::text as "uid"`,
        valueOf: (row: Readonly<Record<string, unknown>>) => String(row.uid),
      };
      await expect(metering().spendMessageReading({ uid, ip: freshIp() }, along)).resolves.toMatchObject({
        debit: { kind: 'free', uid },
        messagesLeft: limits.freeMessages - 1,
        read: uid,
      });
    });

    it('reads nothing when nothing is spent', async () => {
      const userId = await memberWith(getApp());
      const valueOf = jest.fn(() => 0);
      await expect(
        metering().spendMessageReading({ userId, ip: freshIp() }, { ...packsAlong(userId), valueOf }),
      ).rejects.toMatchObject({ statusCode: 402 });
      expect(valueOf).not.toHaveBeenCalled();
    });

    it('spends nothing when the read fails', async () => {
      const userId = await memberWith(getApp(), { code: 'metered-50', remaining: 2 });
      // Divides by zero only when it runs, on the member's row, after the spend (a constant would fail planning).
      const failing = {
        columns: sql`(select 1 / (remaining_messages - remaining_messages) from user_plans where user_id = ${userId} limit 1) as "never"`,
        valueOf: () => 0,
      };
      await expect(metering().spendMessageReading({ userId, ip: freshIp() }, failing)).rejects.toThrow();
      expect(await remaining(getApp(), userId)).toEqual([2]);
    });
  });

  it("refuses a visitor's uid that belongs to an account, spending nothing", async () => {
    const uid = freshUid();
    const userId = (await signUpByEmail(getApp())).user.pk;
    await getApp().database.db.transaction((tx) => linkVisitor(tx, uid, userId));
    await expect(metering().spendMessage({ uid, ip: freshIp() })).rejects.toMatchObject({ statusCode: 403 });
  });

  it('counts the metered messages and the free ones left into user info remaining_messages', async () => {
    const tokens = await signUpByEmail(getApp());
    const [plan] = await getApp().database.db.select().from(plans).where(eq(plans.code, 'metered-50'));
    await getApp()
      .database.db.insert(userPlans)
      .values([
        {
          userId: tokens.user.pk,
          planId: plan!.id,
          provider: 'local',
          status: 'active',
          isActive: true,
          complete: true,
          remainingMessages: 3,
          amountCents: 999,
          currency: 'usd',
        },
        {
          userId: tokens.user.pk,
          planId: plan!.id,
          provider: 'local',
          status: 'expired',
          isActive: false,
          complete: true,
          remainingMessages: 40,
          amountCents: 999,
          currency: 'usd',
        },
      ]);
    const info = await getApp().inject({
      method: 'GET',
      url: '/api/v1/user/info/',
      headers: { authorization: `Bearer ${tokens.access}` },
    });
    expect(info.json()).toMatchObject({
      remaining_messages: 3 + limits.freeMessages,
      has_subscription: false,
    });
  });
});
