import { eq, inArray } from 'drizzle-orm';
import { testConfig } from '../config';
import type { AppDatabase } from '../db/database';
import { rateLimitCounters } from '../db/schema';
import { leaseSize, RateLimiter } from '../services/shared/rate-limiter';
import { spendFreeMessages } from '../testing/chat';
import { signUpByPhone, testClock, uniquePhoneNumber } from '../testing/sign-in';
import { locksWaiting } from '../testing/postgres-locks';
import { describeEachDatabase } from '../testing/test-app';
import { waitFor } from '../testing/wait-for';

const clock = testClock();
const defaults = testConfig().rateLimits;
const rateLimits = {
  ...defaults,
  signInPerIp: { max: 3, windowSeconds: 60 },
  refreshPerIp: { max: 2, windowSeconds: 60 },
};

describeEachDatabase(
  'rate limits of the auth calls',
  (getApp, kind) => {
    const login = (phone: string, remoteAddress: string) =>
      getApp().inject({
        method: 'POST',
        url: '/auth/login/',
        payload: { phone_number: phone, password: 'whatever-123' },
        remoteAddress,
      });

    it('throttles sign-ins per IP with 429 {detail} and Retry-After (docs/decisions.md#auth-appsapi)', async () => {
      const answers = [];
      for (let attempt = 0; attempt < 4; attempt++)
        answers.push(await login(uniquePhoneNumber(), '192.0.2.1'));
      expect(answers.slice(0, 3).map((answer) => answer.statusCode)).toEqual([400, 400, 400]);
      expect(answers[3]?.statusCode).toBe(429);
      expect(answers[3]?.json()).toEqual({
        detail: 'Request was throttled. Expected available in 60 seconds.',
      });
      expect(answers[3]?.headers['retry-after']).toBe('60');
    });

    it('opens again when the window has passed', async () => {
      for (let attempt = 0; attempt < 4; attempt++) await login(uniquePhoneNumber(), '192.0.2.2');
      clock.advance(60 * 1000);
      expect((await login(uniquePhoneNumber(), '192.0.2.2')).statusCode).toBe(400);
    });

    it('never throttles a phone number for every address at once: wrong passwords slow only their address', async () => {
      const phone = uniquePhoneNumber();
      const answers = [];
      for (let host = 10; host < 16; host++) answers.push((await login(phone, `192.0.2.${host}`)).statusCode);
      expect(answers).toEqual([400, 400, 400, 400, 400, 400]);
    });

    it('throttles password checks of account deletion per IP, as sign-ins', async () => {
      const { access } = await signUpByPhone(getApp());
      const remove = () =>
        getApp().inject({
          method: 'POST',
          url: '/api/v1/accounts/user/delete/',
          headers: { authorization: `Bearer ${access}` },
          payload: { password: 'not-the-password-1' },
          remoteAddress: '192.0.2.40',
        });
      const answers = [];
      for (let attempt = 0; attempt < 4; attempt++) answers.push((await remove()).statusCode);
      expect(answers[3]).toBe(429);
      expect(answers.slice(0, 3)).not.toContain(429);
    });

    it('throttles token refreshes per IP', async () => {
      const refresh = () =>
        getApp().inject({
          method: 'POST',
          url: '/auth/token/refresh/',
          payload: { refresh: 'x' },
          remoteAddress: '192.0.2.30',
        });
      await refresh();
      await refresh();
      expect((await refresh()).statusCode).toBe(429);
    });

    it('counts each client address on its own, behind a trusted proxy too (X-Forwarded-For)', async () => {
      for (let attempt = 0; attempt < 3; attempt++) await login(uniquePhoneNumber(), '192.0.2.40');
      const viaProxy = await getApp().inject({
        method: 'POST',
        url: '/auth/login/',
        payload: { phone_number: uniquePhoneNumber(), password: 'whatever-123' },
        remoteAddress: '192.0.2.40',
        headers: { 'x-forwarded-for': '198.51.100.7' },
      });
      expect(viaProxy.statusCode).toBe(400);
    });

    it('keeps the sign-up helpers of other suites under the limits', async () => {
      for (let user = 0; user < 5; user++) await signUpByPhone(getApp());
    });

    it('counts a large limit in leases: two processes at once grant at most the limit, and nearly all of it', async () => {
      // docs/decisions.md#rate-limits-without-a-hot-row: two instances of one key, 600 calls each at once.
      const limit = { max: 1000, windowSeconds: 60 };
      const key = `lease-test:${uniquePhoneNumber()}`;
      const processes = [
        new RateLimiter(getApp().database.db, clock),
        new RateLimiter(getApp().database.db, clock),
      ];
      const outcomes = await Promise.allSettled(
        processes.flatMap((limiter) => Array.from({ length: 600 }, () => limiter.consume(key, limit))),
      );
      const granted = outcomes.filter((outcome) => outcome.status === 'fulfilled').length;
      expect(granted).toBeLessThanOrEqual(limit.max);
      expect(granted).toBeGreaterThanOrEqual(limit.max - 2 * leaseSize(limit));
      const refused = outcomes.find((outcome) => outcome.status === 'rejected');
      expect(refused?.status === 'rejected' && (refused.reason as { statusCode: number }).statusCode).toBe(
        429,
      );
      // One upsert a lease: the row was written about a hundred times, never once a call.
      const [row] = await getApp()
        .database.db.select()
        .from(rateLimitCounters)
        .where(eq(rateLimitCounters.key, key));
      expect(row!.count).toBeLessThanOrEqual(limit.max + 2 * leaseSize(limit));
    });

    it('counts the checks of one call in one statement, and answers the longest wait of those over', async () => {
      const database = getApp().database.db;
      let inserts = 0;
      // Each statement the limiter writes starts with `insert`: count them.
      const counting = new Proxy(database, {
        get(target, property) {
          const value: unknown = Reflect.get(target, property);
          if (property === 'insert') inserts += 1;
          return typeof value === 'function'
            ? (value as (...args: unknown[]) => unknown).bind(target)
            : value;
        },
      });
      const limiter = new RateLimiter(counting, clock);
      const owner = uniquePhoneNumber();
      const perMinute = { key: `both-minute:${owner}`, limit: { max: 2, windowSeconds: 60 } };
      const perHour = { key: `both-hour:${owner}`, limit: { max: 1, windowSeconds: 3600 } };

      await limiter.consumeAll([perMinute, perHour]);
      expect(inserts).toBe(1);
      const refused = await limiter.consumeAll([perMinute, perHour]).then(
        () => undefined,
        (error: unknown) => error as { statusCode: number; headers: Record<string, string> },
      );
      expect(inserts).toBe(2);
      expect(refused?.statusCode).toBe(429);
      expect(refused?.headers['retry-after']).toBe('3600');
      const rows = await database
        .select({ key: rateLimitCounters.key, count: rateLimitCounters.count })
        .from(rateLimitCounters)
        .where(inArray(rateLimitCounters.key, [perMinute.key, perHour.key]))
        .orderBy(rateLimitCounters.key);
      expect(rows).toEqual([
        { key: perHour.key, count: 2 },
        { key: perMinute.key, count: 2 },
      ]);
    });

    it('counts 150 concurrent calls of two shared limits exactly: both rows count every call', async () => {
      const limiter = new RateLimiter(getApp().database.db, clock);
      const owner = uniquePhoneNumber();
      const address = { key: `together-address:${owner}`, limit: { max: 100, windowSeconds: 60 } };
      const account = { key: `together-account:${owner}`, limit: { max: 120, windowSeconds: 60 } };
      // Half name them one way round, half the other (the statement locks the rows in the keys' order anyway).
      const outcomes = await Promise.allSettled(
        Array.from({ length: 150 }, (_, call) =>
          limiter.consumeAll(call % 2 === 0 ? [address, account] : [account, address]),
        ),
      );
      const statuses = outcomes.map((outcome) =>
        outcome.status === 'fulfilled' ? 200 : (outcome.reason as { statusCode?: number }).statusCode,
      );
      expect(statuses.filter((status) => status === 200)).toHaveLength(100);
      expect(statuses.filter((status) => status === 429)).toHaveLength(50);
    });

    // Two connections at once: PGlite has one, so no two statements ever wait on each other's rows there.
    if (kind === 'postgres') {
      it("locks a call's counters in the keys' order, so it cannot deadlock with a writer that does too", async () => {
        const { db } = getApp().database;
        const limiter = new RateLimiter(db, clock);
        const owner = uniquePhoneNumber();
        const first = { key: `order-a:${owner}`, limit: { max: 100, windowSeconds: 60 } };
        const second = { key: `order-b:${owner}`, limit: { max: 100, windowSeconds: 60 } };
        await limiter.consumeAll([first, second]);
        const lockRow = (tx: AppDatabase, key: string) =>
          tx.select().from(rateLimitCounters).where(eq(rateLimitCounters.key, key)).for('update');
        let counted: Promise<void> | undefined;
        // The other writer holds the first key's row; the call, naming the keys the other way round, must wait
        // for that row before it takes the second one. Were it to take the second first, the writer's next lock
        // would close a cycle and Postgres would end one of them as a deadlock.
        await db.transaction(async (tx) => {
          await lockRow(tx, first.key);
          counted = limiter.consumeAll([second, first]);
          counted.catch(() => undefined); // awaited below, once the writer has committed
          await waitFor(async () => (await locksWaiting(db, ['tuple', 'transactionid'])) > 0);
          await lockRow(tx, second.key);
        });
        await expect(counted).resolves.toBeUndefined();
        const rows = await db
          .select({ count: rateLimitCounters.count })
          .from(rateLimitCounters)
          .where(inArray(rateLimitCounters.key, [first.key, second.key]));
        expect(rows).toEqual([{ count: 2 }, { count: 2 }]);
      });
    }

    it('counts a limit under 200 call by call', () => {
      expect([199, 200, 6000].map((max) => leaseSize({ max, windowSeconds: 60 }))).toEqual([1, 2, 60]);
    });
  },
  { rateLimits, trustProxy: true },
  { clock },
);

describeEachDatabase(
  'rate limits switched off (RATE_LIMITS=false, for benchmarks)',
  (getApp) => {
    it('lets every sign-in through, but still sends at most one PIN a minute per number', async () => {
      for (let attempt = 0; attempt < 5; attempt++) {
        const response = await getApp().inject({
          method: 'POST',
          url: '/auth/login/',
          payload: { phone_number: '+12015550123', password: 'whatever-123' },
        });
        expect(response.statusCode).toBe(400);
      }
      const phone = uniquePhoneNumber();
      await getApp().inject({ method: 'POST', url: '/register/', payload: { phone_number: phone } });
      const again = await getApp().inject({
        method: 'POST',
        url: '/generate/',
        payload: { phone_number: phone },
      });
      expect(again.statusCode).toBe(429);
    });
  },
  { rateLimits: { ...rateLimits, enabled: false } },
);

describeEachDatabase(
  'rate limits of the chat calls (docs/decisions.md#cross-cutting-appsapi)',
  (getApp) => {
    const chat = (remoteAddress: string, headers: Record<string, string> = {}) =>
      getApp().inject({
        method: 'POST',
        url: '/api/v1/chat/',
        payload: { uid: `rate-${remoteAddress.replace(/\./g, '-')}`, body: 'hello' },
        remoteAddress,
        headers,
      });

    it('throttles chat sends per IP', async () => {
      expect((await chat('192.0.2.50')).statusCode).toBe(201);
      expect((await chat('192.0.2.50')).statusCode).toBe(201);
      expect((await chat('192.0.2.50')).statusCode).toBe(429);
    });

    it('throttles a signed-in account across addresses', async () => {
      const tokens = await signUpByPhone(getApp());
      await spendFreeMessages(getApp(), tokens.user.pk);
      const headers = { authorization: `Bearer ${tokens.access}` };
      const send = (ip: string) =>
        getApp().inject({
          method: 'POST',
          url: '/api/v1/chat/',
          payload: { body: 'hi' },
          remoteAddress: ip,
          headers,
        });
      // The account has no messages: the first sends are answered 402, the third is throttled before metering.
      expect((await send('192.0.2.60')).statusCode).toBe(402);
      expect((await send('192.0.2.61')).statusCode).toBe(402);
      expect((await send('192.0.2.62')).statusCode).toBe(429);
    });

    it("counts a signed-in account's sends against its address too", async () => {
      const tokens = await signUpByPhone(getApp());
      const headers = { authorization: `Bearer ${tokens.access}` };
      const send = () =>
        getApp().inject({
          method: 'POST',
          url: '/api/v1/chat/',
          payload: { body: 'hi' },
          remoteAddress: '192.0.2.80',
          headers,
        });
      expect((await send()).statusCode).toBe(201);
      expect((await send()).statusCode).toBe(201);
      // The address has had its two sends: a visitor there waits too.
      expect((await chat('192.0.2.80')).statusCode).toBe(429);
    });

    it('ignores X-Forwarded-For unless a proxy is trusted (TRUST_PROXY)', async () => {
      await chat('192.0.2.70', { 'x-forwarded-for': '198.51.100.1' });
      await chat('192.0.2.70', { 'x-forwarded-for': '198.51.100.2' });
      expect((await chat('192.0.2.70', { 'x-forwarded-for': '198.51.100.3' })).statusCode).toBe(429);
    });
  },
  {
    rateLimits: {
      ...rateLimits,
      chatPerIp: { max: 2, windowSeconds: 60 },
      chatPerAccount: { max: 2, windowSeconds: 60 },
    },
  },
);
