import type { AuthTokens, BioImage, PaymentIntent, UserExport } from '@wingmate/api-contract';
import { startFakeStripe, type FakeStripe } from '@wingmate/testing';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { goodPhoto } from '../testing/test-photos';
import { StripePaymentProvider } from '../adapters/payments/stripe';
import { payments, plans, retainedPayments, roasts, userPlans, users, visitorAccounts } from '../db/schema';
import { holdProviderCall } from '../testing/held-provider-call';
import { multipartPayload, temporaryStorage } from '../testing/chat';
import {
  bearer,
  codeFromOutbox,
  signUpByEmail,
  signUpMemberByEmail,
  signUpByPhone,
  testClock,
  uniqueEmail,
  uniqueIp,
} from '../testing/sign-in';
import { describeEachDatabase, startTestApp, type TestApp } from '../testing/test-app';
import { testDatabaseKinds } from '../testing/test-database';

const PASSWORD = 'correct horse battery staple';
const storage = temporaryStorage();
const clock = testClock();
type Headers = Record<string, string>;

function post(app: FastifyInstance, url: string, headers: Headers, payload: object = {}) {
  return app.inject({ method: 'POST', url, headers, payload, remoteAddress: uniqueIp() });
}

async function planId(app: FastifyInstance, code: string): Promise<number> {
  const [plan] = await app.database.db.select({ id: plans.id }).from(plans).where(eq(plans.code, code));
  if (!plan) throw new Error(`no plan ${code}`);
  return plan.id;
}

/** Buys plan `code` with Stripe's test visa card, as the web app does; answers the subscription or intent id. */
async function buy(app: FastifyInstance, headers: Headers, code: string): Promise<void> {
  const base = '/api/v1/memberships/user_plans';
  expect(
    (await post(app, `${base}/payment-method/update/`, headers, { payment_method_id: 'pm_card_visa' }))
      .statusCode,
  ).toBe(200);
  const created = await post(app, `${base}/payment_intent/create/`, headers, {
    plan_id: await planId(app, code),
  });
  expect(created.statusCode).toBe(201);
  const { payment_intent_id } = created.json<PaymentIntent>();
  expect(
    (await post(app, `${base}/payment_intent/confirm/`, headers, { payment_intent_id })).statusCode,
  ).toBe(200);
}

/** A member with a bought plan, a photo, a chat exchange, an answer, a roast and feedback. */
async function memberWithData(app: FastifyInstance) {
  // Signed up from a visitor id, which is linked to the account (and deleted with it).
  const uid = crypto.randomUUID();
  const email = uniqueEmail();
  const signUp = await post(app, '/register/email/', {}, { email, password: PASSWORD, uid });
  expect(signUp.statusCode).toBe(201);
  const tokens = signUp.json<AuthTokens>();
  const headers = bearer(tokens);
  // A member (the address verified), who may pay.
  const code = await codeFromOutbox(app, email);
  expect((await post(app, '/register/email/verify/', headers, { code })).statusCode).toBe(200);
  await buy(app, headers, 'metered-50');
  const form = await multipartPayload(
    { uid },
    { image: { bytes: await goodPhoto(800, 1000), name: 'p.jpg' } },
  );
  const upload = await app.inject({
    method: 'POST',
    url: `/api/v1/accounts/dating_bio/${uid}/images/create/`,
    payload: form.payload,
    headers: { ...form.headers, ...headers },
  });
  expect(upload.statusCode).toBe(201);
  const image = upload.json<BioImage>();
  expect(
    (await post(app, '/api/v1/chat/', headers, { body: 'How do I open a conversation?' })).statusCode,
  ).toBe(201);
  const questions = await app.inject({ method: 'GET', url: '/api/v1/accounts/questions/', headers });
  const question = questions.json<{ results: { id: number; text: string }[] }>().results[0]!;
  await post(app, '/api/v1/accounts/answers/', headers, {
    answers: [{ question: question.id, text: 'Tacos' }],
  });
  await post(app, '/api/v1/accounts/roasts/', headers, { text: 'Roast me gently' });
  await post(app, '/api/v1/accounts/user/feedback/create/', headers, { text: 'Lovely app' });
  return { tokens, headers, uid, image, question, imageKey: image.image.replace('/uploads/', '') };
}

describeEachDatabase(
  'the account itself: export and delete (docs/product.md#accounts-and-signing-in)',
  (getApp) => {
    it('exports everything kept about the user in one JSON document, with no secrets', async () => {
      const { tokens, headers, image, question } = await memberWithData(getApp());
      const response = await getApp().inject({
        method: 'GET',
        url: '/api/v1/accounts/user/export/',
        headers,
      });
      expect(response.statusCode).toBe(200);
      const document = response.json<UserExport>();
      expect(document.user).toEqual(tokens.user);
      expect(document.sign_in_methods).toMatchObject({
        password: true,
        email: tokens.user.email,
        social: [],
      });
      expect(document.plans).toEqual([expect.objectContaining({ status: 'active', is_active: true })]);
      expect(document.payment_method).toEqual({ provider: 'local', card_brand: 'visa', card_last4: '4242' });
      expect(document.payments).toEqual([expect.objectContaining({ status: 'succeeded', currency: 'usd' })]);
      expect(document.spending_cap).toEqual(expect.objectContaining({ monthly_cap: null, currency: 'usd' }));
      expect(document.images).toEqual([expect.objectContaining({ id: image.id, url: image.image })]);
      expect(document.chat_messages.map((message) => message.role)).toEqual(['user', 'ai']);
      expect(document.answers).toEqual([expect.objectContaining({ question: question.text, text: 'Tacos' })]);
      expect(document.roasts).toEqual([expect.objectContaining({ text: 'Roast me gently' })]);
      expect(document.feedback).toEqual([expect.objectContaining({ text: 'Lovely app' })]);
      const text = response.body;
      const [row] = await getApp().database.db.select().from(users).where(eq(users.id, tokens.user.pk));
      expect(text).not.toContain(row!.passwordHash!);
      expect(text).not.toContain('argon2');
      expect(text).not.toContain(tokens.refresh);
    });

    it('export, confirm and delete need a token', async () => {
      const exported = await getApp().inject({ method: 'GET', url: '/api/v1/accounts/user/export/' });
      expect(exported.statusCode).toBe(401);
      expect(
        (await post(getApp(), '/api/v1/accounts/user/delete/', {}, { password: PASSWORD })).statusCode,
      ).toBe(401);
    });

    it('refuses to delete with a wrong or missing password, and deletes nothing', async () => {
      const tokens = await signUpByEmail(getApp());
      const url = '/api/v1/accounts/user/delete/';
      const wrong = await post(getApp(), url, bearer(tokens), { password: 'not my password' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({ password: ['The password is not right.'] });
      const missing = await post(getApp(), url, bearer(tokens), {});
      expect(missing.json()).toEqual({ password: ['Enter your password to delete your account.'] });
      const me = await getApp().inject({ method: 'GET', url: '/auth/user/', headers: bearer(tokens) });
      expect(me.statusCode).toBe(200);
    });

    it('deletes with the password: sessions end, data and uploads go, payments stay without the person', async () => {
      const { tokens, headers, imageKey, uid } = await memberWithData(getApp());
      const db = getApp().database.db;
      const [paid] = await db.select().from(userPlans).where(eq(userPlans.userId, tokens.user.pk));
      expect(await storage.get(imageKey)).not.toBeNull();
      expect(await db.select().from(visitorAccounts).where(eq(visitorAccounts.uid, uid))).toHaveLength(1);

      const deleted = await post(getApp(), '/api/v1/accounts/user/delete/', headers, { password: PASSWORD });
      expect(deleted.statusCode).toBe(200);

      expect((await getApp().inject({ method: 'GET', url: '/auth/user/', headers })).statusCode).toBe(401);
      expect((await post(getApp(), '/auth/token/refresh/', {}, { refresh: tokens.refresh })).statusCode).toBe(
        401,
      );
      const login = await post(
        getApp(),
        '/register/login/',
        {},
        { email: tokens.user.email, password: PASSWORD },
      );
      expect(login.statusCode).toBe(400);
      expect(await db.select().from(users).where(eq(users.id, tokens.user.pk))).toEqual([]);
      expect(await db.select().from(roasts).where(eq(roasts.userId, tokens.user.pk))).toEqual([]);
      expect(await db.select().from(visitorAccounts).where(eq(visitorAccounts.uid, uid))).toEqual([]);
      expect(await storage.get(imageKey)).toBeNull();
      const kept = await db
        .select()
        .from(retainedPayments)
        .where(eq(retainedPayments.paymentRef, paid!.paymentRef!));
      expect(kept).toEqual([
        expect.objectContaining({
          provider: 'local',
          amountCents: paid!.amountCents,
          currency: paid!.currency,
          paidAt: paid!.createdAt,
        }),
      ]);
      expect(JSON.stringify(kept)).not.toContain(tokens.user.email as string);
    });

    it('refuses to delete while a payment is being charged, records the payment, and deletes once it is done', async () => {
      const tokens = await signUpMemberByEmail(getApp(), uniqueEmail(), PASSWORD);
      const headers = bearer(tokens);
      const base = '/api/v1/memberships/user_plans';
      await post(getApp(), `${base}/payment-method/update/`, headers, { payment_method_id: 'pm_card_visa' });
      const created = await post(getApp(), `${base}/payment_intent/create/`, headers, {
        plan_id: await planId(getApp(), 'metered-50'),
      });
      const { payment_intent_id } = created.json<PaymentIntent>();
      const url = '/api/v1/accounts/user/delete/';
      const held = holdProviderCall(getApp().paymentProvider, 'confirmPaymentIntent');
      try {
        const confirming = post(getApp(), `${base}/payment_intent/confirm/`, headers, { payment_intent_id });
        await held.reached;
        // The charge waits inside the provider while the member asks to delete the account.
        const refused = await post(getApp(), url, headers, { password: PASSWORD });
        expect(refused.statusCode).toBe(409);
        expect(refused.json()).toEqual({
          code: 'payment_in_progress',
          detail:
            'A payment of yours is being made right now, so nothing was deleted. Please try again in a minute.',
        });
        held.release();
        expect((await confirming).statusCode).toBe(200);
      } finally {
        held.release();
        held.restore();
      }
      const db = getApp().database.db;
      expect(await db.select().from(payments).where(eq(payments.paymentRef, payment_intent_id))).toEqual([
        expect.objectContaining({ status: 'succeeded', userId: tokens.user.pk }),
      ]);
      expect((await post(getApp(), url, headers, { password: PASSWORD })).statusCode).toBe(200);
      const kept = await db
        .select()
        .from(retainedPayments)
        .where(eq(retainedPayments.paymentRef, payment_intent_id));
      expect(kept).toEqual([expect.objectContaining({ amountCents: 999, status: 'active' })]);
    });

    it('a password-less account deletes with the code that confirm sent to its phone', async () => {
      const tokens = await signUpByPhone(getApp());
      clock.advance(61 * 1000); // the sign-up's PIN was this minute's send to the number
      const url = '/api/v1/accounts/user/delete/';
      const none = await post(getApp(), url, bearer(tokens), {});
      expect(none.json()).toEqual({ code: ['Enter the code we sent to confirm the deletion.'] });
      const confirm = await post(getApp(), '/api/v1/accounts/user/confirm/', bearer(tokens), {
        purpose: 'delete',
      });
      expect(confirm.json()).toMatchObject({ channel: 'sms', sent_to: tokens.user.phone_number });
      const code = await codeFromOutbox(getApp(), tokens.user.phone_number as string);
      const deleted = await post(getApp(), url, bearer(tokens), { code });
      expect(deleted.statusCode).toBe(200);
      expect(
        (await getApp().inject({ method: 'GET', url: '/auth/user/', headers: bearer(tokens) })).statusCode,
      ).toBe(401);
    });
  },
  {},
  { clock, uploadStorage: storage },
);

describe.each(testDatabaseKinds())('deleting an account with a Stripe subscription [%s]', (kind) => {
  let stripe: FakeStripe;
  let testApp: TestApp;

  beforeAll(async () => {
    stripe = await startFakeStripe();
    const provider = new StripePaymentProvider({
      secretKey: stripe.secretKey,
      webhookSecret: 'whsec_test_secret',
      apiBase: stripe.url,
    });
    testApp = await startTestApp(kind, {}, { paymentProvider: provider });
  });
  afterAll(async () => {
    await testApp.close();
    await stripe.close();
  });

  it('cancels the renewal at Stripe before deleting', async () => {
    const app = testApp.app;
    const tokens = await signUpMemberByEmail(app);
    await buy(app, bearer(tokens), 'standard-month-1');
    const [plan] = await app.database.db.select().from(userPlans).where(eq(userPlans.userId, tokens.user.pk));
    expect(stripe.object(plan!.subscriptionId!)).toMatchObject({ cancel_at_period_end: false });
    const deleted = await post(app, '/api/v1/accounts/user/delete/', bearer(tokens), { password: PASSWORD });
    expect(deleted.statusCode).toBe(200);
    expect(stripe.object(plan!.subscriptionId!)).toMatchObject({ cancel_at_period_end: true });
    const kept = await app.database.db
      .select()
      .from(retainedPayments)
      .where(eq(retainedPayments.subscriptionId, plan!.subscriptionId!));
    expect(kept).toHaveLength(1);
  });
});
