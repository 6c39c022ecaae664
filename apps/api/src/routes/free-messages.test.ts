import type { SignInOrUpTokens } from '@wingmate/api-contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { messageCounters, userPlans, visitorAccounts } from '../db/schema';
import { giveMessages } from '../testing/chat';
import {
  bearer,
  codeFromOutbox,
  signUpByEmail,
  signUpByPhone,
  testClock,
  uniqueEmail,
  uniqueIp,
  uniquePhoneNumber,
} from '../testing/sign-in';
import { describeEachDatabase } from '../testing/test-app';
import { TEST_APPLE_AUDIENCE, useSocialFakes } from '../testing/social-fakes';

const APP_ID = TEST_APPLE_AUDIENCE;
const fakes = useSocialFakes();
let subjects = 0;
const newUid = () => crypto.randomUUID();
const clock = testClock();

type Caller = { uid: string } | { tokens: { access: string } };

function send(app: FastifyInstance, caller: Caller, ip = uniqueIp()) {
  const signedIn = 'tokens' in caller;
  return app.inject({
    method: 'POST',
    url: '/api/v1/chat/',
    payload: { body: 'What should I write first?', ...(signedIn ? {} : { uid: caller.uid }) },
    headers: signedIn ? bearer(caller.tokens) : {},
    remoteAddress: ip,
  });
}

/** Sends `count` messages, each answered. */
async function chat(app: FastifyInstance, caller: Caller, count: number): Promise<void> {
  for (let sent = 0; sent < count; sent++) expect((await send(app, caller)).statusCode).toBe(201);
}

/** Sends until the server answers 402; how many were answered. */
async function repliesUntilRefused(app: FastifyInstance, caller: Caller): Promise<number> {
  for (let answered = 0; answered < 50; answered++) {
    const response = await send(app, caller);
    if (response.statusCode === 402) return answered;
    expect(response.statusCode).toBe(201);
  }
  throw new Error('Never refused');
}

async function remainingOf(app: FastifyInstance, caller: Caller): Promise<number | null> {
  const response = await app.inject({
    method: 'GET',
    url: `/api/v1/user/info/${'uid' in caller ? `?uid=${caller.uid}` : ''}`,
    headers: 'tokens' in caller ? bearer(caller.tokens) : {},
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ remaining_messages: number | null }>().remaining_messages;
}

/** Each way in, signing a new person up with the visitor's uid. */
const waysIn: Record<string, (app: FastifyInstance, uid: string) => Promise<{ access: string }>> = {
  'phone PIN': (app, uid) => signUpByPhone(app, uniquePhoneNumber(), { uid }),
  'e-mail': async (app, uid) => {
    const response = await app.inject({
      method: 'POST',
      url: '/register/email/',
      payload: { email: uniqueEmail(), password: 'correct horse battery staple', uid },
      remoteAddress: uniqueIp(),
    });
    expect(response.statusCode).toBe(201);
    return response.json();
  },
  Google: async (app, uid) => {
    const email = uniqueEmail('google');
    const access_token = fakes.google.issueAccessToken({ sub: `google-${++subjects}`, email });
    return signedInSocially(app, '/api/auth/google/', { access_token, uid });
  },
  Apple: async (app, uid) => {
    const identity_token = await fakes.apple.signIdentityToken({
      sub: `apple-${++subjects}`,
      email: uniqueEmail('apple'),
      audience: APP_ID,
    });
    return signedInSocially(app, '/api/auth/apple/', { identity_token, audience: APP_ID, uid });
  },
};

async function signedInSocially(app: FastifyInstance, url: string, payload: object) {
  const response = await app.inject({ method: 'POST', url, payload, remoteAddress: uniqueIp() });
  expect(response.statusCode).toBe(200);
  return response.json<SignInOrUpTokens>();
}

const PASSWORD = 'violet harbour lantern 42';

/** A new e-mail account with a password: where and with what it signs in. */
async function emailAccount(app: FastifyInstance) {
  const email = uniqueEmail();
  await signUpByEmail(app, email, PASSWORD);
  return { url: '/register/login/', payload: { email, password: PASSWORD } };
}

/** A new phone account given a password by a reset PIN: where and with what it signs in. */
async function phoneAccount(app: FastifyInstance) {
  const phone_number = uniquePhoneNumber();
  await signUpByPhone(app, phone_number);
  clock.advance(61_000); // one PIN a minute per number
  const reset = await app.inject({ method: 'POST', url: '/auth/reset-password/', payload: { phone_number } });
  expect(reset.statusCode).toBe(200);
  await app.auth.pendingWork.settled(); // the PIN goes out after the answer
  const code = await codeFromOutbox(app, phone_number);
  const confirm = await app.inject({
    method: 'POST',
    url: '/auth/reset-password/confirm/',
    payload: { phone_number, new_password: PASSWORD, code },
  });
  expect(confirm.statusCode).toBe(200);
  return { url: '/auth/login/', payload: { phone_number, password: PASSWORD } };
}

describeEachDatabase(
  'free messages follow the person (docs/product.md#messages-and-metering)',
  (getApp) => {
    it.each(Object.keys(waysIn))(
      'an account made by %s from a visitor uid keeps its unused free messages, spent before any plan',
      async (way) => {
        const app = getApp();
        const uid = newUid();
        await chat(app, { uid }, 2);
        const tokens = await waysIn[way]!(app, uid);
        expect(await remainingOf(app, { tokens })).toBe(3);
        expect(await repliesUntilRefused(app, { tokens })).toBe(3);
        expect(await remainingOf(app, { tokens })).toBe(0);
      },
    );

    it('a new account without a visitor uid has every free message', async () => {
      const tokens = await signUpByEmail(getApp());
      expect(await remainingOf(getApp(), { tokens })).toBe(5);
      expect(await repliesUntilRefused(getApp(), { tokens })).toBe(5);
    });

    it('never gives them twice: a second device, signing out and in, a new uid all draw on one pool', async () => {
      const app = getApp();
      const person = { sub: `google-${++subjects}`, email: uniqueEmail('google') };
      const signIn = (uid: string) =>
        signedInSocially(app, '/api/auth/google/', {
          access_token: fakes.google.issueAccessToken(person),
          uid,
        });
      const firstDevice = newUid();
      await chat(app, { uid: firstDevice }, 1);
      const first = await signIn(firstDevice);
      await chat(app, { tokens: first }, 1);

      const secondDevice = newUid();
      await chat(app, { uid: secondDevice }, 2); // a visitor there, until it signs in to the account
      const second = await signIn(secondDevice);
      expect(second.user.pk).toBe(first.user.pk);
      expect(await remainingOf(app, { tokens: second })).toBe(1);

      const again = await signIn(firstDevice); // signed out and in
      expect(await remainingOf(app, { tokens: again })).toBe(1);
      const withNewUid = await signIn(newUid());
      expect(await remainingOf(app, { tokens: withNewUid })).toBe(1);
      expect(await repliesUntilRefused(app, { tokens: withNewUid })).toBe(1);
    });

    it('a visitor signing in to an existing account by phone PIN adds its replies to the pool', async () => {
      const app = getApp();
      const phone = uniquePhoneNumber();
      const account = await signUpByPhone(app, phone);
      await chat(app, { tokens: account }, 1);
      const device = newUid();
      await chat(app, { uid: device }, 3);
      // The same number again, a minute later (one PIN a minute per number).
      clock.advance(61_000);
      const signedIn = await signUpByPhone(app, phone, { uid: device });
      expect(signedIn.user.pk).toBe(account.user.pk);
      expect(await remainingOf(app, { tokens: signedIn })).toBe(1);
    });

    it.each(['phone', 'e-mail'] as const)(
      'a visitor signing in by %s and password adds its replies to the pool',
      async (way) => {
        const app = getApp();
        const login = way === 'phone' ? await phoneAccount(app) : await emailAccount(app);
        const signIn = async (uid?: string) => {
          const response = await app.inject({
            method: 'POST',
            url: login.url,
            payload: { ...login.payload, uid },
            remoteAddress: uniqueIp(),
          });
          expect(response.statusCode).toBe(200);
          return response.json<{ access: string; user: { pk: number } }>();
        };
        const account = await signIn();
        await chat(app, { tokens: account }, 1);
        const device = newUid();
        await chat(app, { uid: device }, 3);
        const signedIn = await signIn(device);
        expect(signedIn.user.pk).toBe(account.user.pk);
        expect(await remainingOf(app, { tokens: signedIn })).toBe(1);
        expect((await send(app, { uid: device })).statusCode).toBe(403);
      },
    );

    it("a uid's free messages end when it joins an account: as a visitor it is refused, signed in it is the account's", async () => {
      const app = getApp();
      const uid = newUid();
      await chat(app, { uid }, 1);
      const tokens = await waysIn['e-mail']!(app, uid);
      expect((await send(app, { uid })).statusCode).toBe(403);
      expect(await remainingOf(app, { tokens })).toBe(4);
    });

    it('accounts made before the pool existed are owed what their uids did not use (computed, not copied)', async () => {
      const app = getApp();
      const { db } = app.database;
      const tokens = await signUpByEmail(app);
      const earlierUid = newUid();
      // As the data of an account linked to a uid that had used 3 free replies, before the pool was counted.
      await db.insert(visitorAccounts).values({ uid: earlierUid, userId: tokens.user.pk });
      await db.insert(messageCounters).values({ key: `uid:${earlierUid}`, period: 'all', used: 3 });
      expect(await remainingOf(app, { tokens })).toBe(2);
      await db
        .update(messageCounters)
        .set({ used: 5 })
        .where(eq(messageCounters.key, `uid:${earlierUid}`));
      expect(await remainingOf(app, { tokens })).toBe(0);
      expect(await repliesUntilRefused(app, { tokens })).toBe(0);
    });

    it("spends free messages before a pack's, and counts both in remaining_messages", async () => {
      const app = getApp();
      const tokens = await signUpByEmail(app);
      await giveMessages(app, tokens.user.pk, 10);
      expect(await remainingOf(app, { tokens })).toBe(15);
      const reply = await send(app, { tokens });
      expect(reply.json()).toMatchObject({ remaining_messages: 14 });
      const [pack] = await app.database.db
        .select()
        .from(userPlans)
        .where(eq(userPlans.userId, tokens.user.pk));
      expect(pack?.remainingMessages).toBe(10);
      expect(await repliesUntilRefused(app, { tokens })).toBe(14);
    });

    it("skips free messages at the address's daily cap of free replies, and the plans pay", async () => {
      const app = getApp();
      const ip = uniqueIp();
      for (let visitor = 0; visitor < 4; visitor++) {
        const uid = newUid();
        for (let n = 0; n < 5; n++) expect((await send(app, { uid }, ip)).statusCode).toBe(201);
      }
      const tokens = await signUpByEmail(app);
      await giveMessages(app, tokens.user.pk, 1);
      const paid = await send(app, { tokens }, ip);
      expect(paid.statusCode).toBe(201);
      expect(paid.json()).toMatchObject({ remaining_messages: 5 });
      expect((await send(app, { tokens }, ip)).statusCode).toBe(402);
      expect((await send(app, { tokens }, uniqueIp())).statusCode).toBe(201); // another address: free again
    });

    it('gives exactly the free messages once when a uid chats, signs up and chats on at the same time (a race)', async () => {
      const app = getApp();
      for (let round = 0; round < 4; round++) {
        const uid = newUid();
        await chat(app, { uid }, 1);
        const signUpAndChat = async () => {
          const tokens = await waysIn['e-mail']!(app, uid);
          return Promise.all(Array.from({ length: 5 }, () => send(app, { tokens })));
        };
        const [asVisitor, asMember] = await Promise.all([
          Promise.all(Array.from({ length: 3 }, () => send(app, { uid }))),
          signUpAndChat(),
        ]);
        const answered = (responses: { statusCode: number }[]) =>
          responses.filter((response) => response.statusCode === 201).length;
        // A visitor's message after the link is refused: the uid is the account's now.
        for (const response of asVisitor) expect([201, 403]).toContain(response.statusCode);
        for (const response of asMember) expect([201, 402]).toContain(response.statusCode);
        expect(1 + answered(asVisitor) + answered(asMember)).toBe(5);
      }
    });
  },
  fakes.overrides,
  { clock },
);
