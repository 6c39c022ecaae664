import type { PaymentConfirmation, PaymentIntent, PaymentPage, UserPlan } from '@wingmate/api-contract';
import { startFakeStripe, type FakeStripe } from '@wingmate/testing';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { InvalidPaymentAmount } from '../adapters/payments/ports';
import { StripePaymentProvider } from '../adapters/payments/stripe';
import { notices, offers, paymentEvents, plans, userPlans } from '../db/schema';
import { bearer, signUpMemberByEmail } from '../testing/sign-in';
import { startTestApp, type TestApp } from '../testing/test-app';
import { testDatabaseKinds } from '../testing/test-database';

const WEBHOOK_SECRET = 'whsec_test_secret';
const signer = new Stripe('sk_test_unused');

type Headers = Record<string, string>;

describe.each(testDatabaseKinds())('memberships with the Stripe adapter [%s]', (kind) => {
  let stripe: FakeStripe;
  let testApp: TestApp;
  let provider: StripePaymentProvider;
  const app = (): FastifyInstance => testApp.app;

  beforeAll(async () => {
    stripe = await startFakeStripe();
    provider = new StripePaymentProvider({
      secretKey: stripe.secretKey,
      webhookSecret: WEBHOOK_SECRET,
      apiBase: stripe.url,
    });
    testApp = await startTestApp(kind, {}, { paymentProvider: provider });
  });
  afterAll(async () => {
    await testApp.close();
    await stripe.close();
  });

  const post = (url: string, headers: Headers, payload: Record<string, unknown> = {}) =>
    app().inject({ method: 'POST', url: `/api/v1/memberships/${url}`, headers, payload });

  async function planId(code: string): Promise<number> {
    const [plan] = await app().database.db.select({ id: plans.id }).from(plans).where(eq(plans.code, code));
    return plan!.id;
  }

  async function startPurchase(code: string, card = 'pm_card_visa') {
    const headers = bearer(await signUpMemberByEmail(app()));
    expect(
      (await post('user_plans/payment-method/update/', headers, { payment_method_id: card })).statusCode,
    ).toBe(200);
    const created = await post('user_plans/payment_intent/create/', headers, { plan_id: await planId(code) });
    expect(created.statusCode).toBe(201);
    return { headers, intent: created.json<PaymentIntent>() };
  }

  async function buyWithUser(code: string) {
    const tokens = await signUpMemberByEmail(app());
    const headers = bearer(tokens);
    await post('user_plans/payment-method/update/', headers, { payment_method_id: 'pm_card_visa' });
    const created = await post('user_plans/payment_intent/create/', headers, { plan_id: await planId(code) });
    const confirmed = await post('user_plans/payment_intent/confirm/', headers, {
      payment_intent_id: created.json<PaymentIntent>().payment_intent_id,
    });
    return { headers, userId: tokens.user.pk, userPlan: confirmed.json<PaymentConfirmation>().user_plan };
  }

  async function buy(code: string) {
    const purchase = await startPurchase(code);
    const confirmed = await post('user_plans/payment_intent/confirm/', purchase.headers, {
      payment_intent_id: purchase.intent.payment_intent_id,
    });
    expect(confirmed.statusCode).toBe(200);
    return { ...purchase, userPlan: confirmed.json<PaymentConfirmation>().user_plan };
  }

  function deliver(
    event: { id: string; type: string; object: Record<string, unknown> },
    secret = WEBHOOK_SECRET,
  ) {
    const payload = JSON.stringify({
      id: event.id,
      object: 'event',
      type: event.type,
      data: { object: event.object },
    });
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret });
    return app().inject({
      method: 'POST',
      url: '/api/v1/memberships/webhooks/stripe/',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
  }

  async function userPlanRow(id: number) {
    const [row] = await app().database.db.select().from(userPlans).where(eq(userPlans.id, id));
    return row!;
  }

  function invoice(subscription: string, periodEnd: Date, billingReason = 'subscription_cycle') {
    return {
      id: `in_${Math.random().toString(36).slice(2)}`,
      object: 'invoice',
      billing_reason: billingReason,
      parent: { type: 'subscription_details', subscription_details: { subscription } },
      lines: {
        object: 'list',
        data: [{ period: { start: 0, end: Math.floor(periodEnd.getTime() / 1000) } }],
      },
    };
  }

  let eventCount = 0;
  const eventId = () => `evt_test_${++eventCount}_${kind}`;

  it('buys a message pack through Stripe: intent on the saved card, confirm settles it', async () => {
    const { userPlan, intent } = await buy('metered-200');
    expect(intent).toMatchObject({ provider: 'stripe', amount: 29.99 });
    expect(userPlan).toMatchObject({ status: 'active', remaining_messages: 200 });
    const created = stripe.requests.find(
      (request) => request.method === 'POST' && request.path === '/v1/payment_intents',
    );
    expect(created?.params).toMatchObject({
      amount: '2999',
      currency: 'usd',
      payment_method: 'pm_card_visa',
    });
  });

  it('answers 402 card_declined from a Stripe card error and keeps the plan incomplete', async () => {
    const { headers, intent } = await startPurchase('metered-50', 'pm_card_chargeCustomerFail');
    const response = await post('user_plans/payment_intent/confirm/', headers, {
      payment_intent_id: intent.payment_intent_id,
    });
    expect(response.statusCode).toBe(402);
    expect(response.json()).toEqual({ detail: 'Your card was declined.', code: 'card_declined' });
    expect((await userPlanRow(intent.user_plan.id)).status).toBe('incomplete');
  });

  it("refuses a declining card when Stripe attaches it, with Stripe's decline code, and keeps the card on file", async () => {
    const headers = bearer(await signUpMemberByEmail(app()));
    const save = (card: string) =>
      post('user_plans/payment-method/update/', headers, { payment_method_id: card });
    expect((await save('pm_card_visa')).statusCode).toBe(200);
    const poor = await save('pm_card_chargeDeclinedInsufficientFunds');
    expect(poor.statusCode).toBe(402);
    expect(poor.json()).toMatchObject({ code: 'insufficient_funds' });
    const declined = await save('pm_card_chargeDeclined');
    expect(declined.json()).toEqual({ detail: 'Your card was declined.', code: 'card_declined' });
    const card = await app().inject({
      method: 'GET',
      url: '/api/v1/memberships/user_plans/payment-method/',
      headers,
    });
    expect(card.json()).toMatchObject({ brand: 'visa', last4: '4242' });
  });

  it("creates subscriptions with payment_behavior 'default_incomplete' and settles the first invoice on confirm", async () => {
    const { userPlan } = await buy('standard-month-3');
    expect(userPlan).toMatchObject({ status: 'active', is_active: true });
    const created = stripe.requests.find((request) => request.path === '/v1/subscriptions');
    expect(created?.params).toMatchObject({
      payment_behavior: 'default_incomplete',
      default_payment_method: 'pm_card_visa',
    });
    const price = stripe.requests.find(
      (request) => request.method === 'POST' && request.path === '/v1/prices',
    );
    expect(price?.params).toMatchObject({ recurring: { interval: 'month', interval_count: '3' } });
  });

  it('starts a Stripe trial with trial_period_days and no payment', async () => {
    const headers = bearer(await signUpMemberByEmail(app()));
    await post('user_plans/payment-method/update/', headers, { payment_method_id: 'pm_card_mastercard' });
    const created = await post('user_plans/payment_intent/create/', headers, {
      plan_id: await planId('premium-month-1-trial'),
    });
    const intent = created.json<PaymentIntent>();
    expect(intent.amount).toBe(0);
    const confirmed = await post('user_plans/payment_intent/confirm/', headers, {
      payment_intent_id: intent.payment_intent_id,
    });
    expect(confirmed.json<PaymentConfirmation>().user_plan.status).toBe('trialing');
    expect(stripe.requests.some((request) => request.params.trial_period_days === '3')).toBe(true);
  });

  it('schedules a plan change with a subscription schedule: the current price to period end, then the new one', async () => {
    const { headers, userPlan } = await buy('standard-month-1');
    const premium = await planId('premium-month-1');
    const response = await post(`user_plans/${userPlan.id}/update/`, headers, { plan_id: premium });
    expect(response.json<UserPlan>()).toMatchObject({
      plan: { id: userPlan.plan.id },
      scheduled_plan_id: premium,
      scheduled_change_at: userPlan.current_period_end,
    });
    const subscription = stripe.object((await userPlanRow(userPlan.id)).subscriptionId!)!;
    expect(subscription.schedule).toEqual(expect.stringMatching(/^sub_sched_/));
    const update = stripe.requests
      .filter(
        (request) => request.method === 'POST' && request.path.startsWith('/v1/subscription_schedules/'),
      )
      .at(-1);
    const periodEnd = String(Math.floor(new Date(userPlan.current_period_end!).getTime() / 1000));
    expect(update?.params).toMatchObject({
      end_behavior: 'release',
      proration_behavior: 'none',
      phases: {
        0: { end_date: periodEnd, items: { 0: { quantity: '1' } } },
        1: {
          proration_behavior: 'none',
          items: { 0: { price: expect.stringMatching(/^price_/) } },
          duration: { interval: 'month', interval_count: '1' },
        },
      },
    });
    expect(stripe.requests.some((request) => request.params.proration_behavior === 'create_prorations')).toBe(
      false,
    );
  });

  it('undoes a scheduled change by releasing the schedule', async () => {
    const { headers, userPlan } = await buy('standard-month-1');
    await post(`user_plans/${userPlan.id}/update/`, headers, { plan_id: await planId('premium-month-1') });
    const scheduleId = (await userPlanRow(userPlan.id)).providerScheduleId!;
    const response = await post(`user_plans/${userPlan.id}/update/cancel/`, headers);
    expect(response.json<UserPlan>()).toMatchObject({ scheduled_plan_id: null, scheduled_change_at: null });
    expect(stripe.object(scheduleId)).toMatchObject({ status: 'released' });
    expect(stripe.object((await userPlanRow(userPlan.id)).subscriptionId!)?.schedule).toBeNull();
  });

  it('switches the plan when Stripe moves the subscription to the scheduled price (customer.subscription.updated)', async () => {
    const { headers, userPlan } = await buy('standard-month-1');
    const premium = await planId('premium-month-1');
    await post(`user_plans/${userPlan.id}/update/`, headers, { plan_id: premium });
    const subscription = stripe.object((await userPlanRow(userPlan.id)).subscriptionId!)!;
    const items = subscription.items as { data: Record<string, unknown>[] };
    const object = {
      ...subscription,
      status: 'active',
      items: { ...items, data: [{ ...items.data[0], price: { lookup_key: 'premium-month-1:2999:usd' } }] },
    };
    await deliver({ id: eventId(), type: 'customer.subscription.updated', object });
    expect(await userPlanRow(userPlan.id)).toMatchObject({
      planId: premium,
      scheduledPlanId: null,
      providerScheduleId: null,
    });
  });

  it('resumes a canceled subscription at Stripe with cancel_at_period_end=false', async () => {
    const { headers, userPlan } = await buy('standard-month-1');
    await post(`user_plans/${userPlan.id}/cancel/`, headers);
    const response = await post(`user_plans/${userPlan.id}/resume/`, headers);
    expect(response.json<UserPlan>()).toMatchObject({ status: 'active', is_active: true });
    const update = stripe.requests
      .filter((request) => request.method === 'POST' && request.path.startsWith('/v1/subscriptions/'))
      .at(-1);
    expect(update?.params).toEqual({ cancel_at_period_end: 'false' });
  });

  it("charges an offer's discounted price on a subscription's first invoice through a once coupon", async () => {
    const [offer] = await app()
      .database.db.insert(offers)
      .values({
        title: 'Half off',
        description: 'A test',
        planId: await planId('standard-month-1'),
        discount: 50,
      })
      .returning();
    const headers = bearer(await signUpMemberByEmail(app()));
    await post('user_plans/payment-method/update/', headers, { payment_method_id: 'pm_card_visa' });
    const created = await post('user_plans/payment_intent/create/', headers, {
      plan_id: await planId('standard-month-1'),
      offer_id: offer!.id,
    });
    expect(created.json<PaymentIntent>().amount).toBe(10);
    expect(stripe.object('wingmate-first-charge-50')).toMatchObject({ percent_off: 50, duration: 'once' });
  });

  /**
   * A member on a Stripe trial of `code`, bought with a `percent` offer for that plan, on `card` (one trial per
   * card, so each trial takes a card of its own).
   */
  async function trialWithOffer(code: string, percent: number, card: string) {
    const [offer] = await app()
      .database.db.insert(offers)
      .values({
        title: `${percent}% off`,
        description: 'A test',
        planId: await planId(code),
        discount: percent,
      })
      .returning();
    const headers = bearer(await signUpMemberByEmail(app()));
    await post('user_plans/payment-method/update/', headers, { payment_method_id: card });
    const created = await post('user_plans/payment_intent/create/', headers, {
      plan_id: await planId(code),
      offer_id: offer!.id,
    });
    expect(created.json<PaymentIntent>().amount).toBe(0);
    const confirmed = await post('user_plans/payment_intent/confirm/', headers, {
      payment_intent_id: created.json<PaymentIntent>().payment_intent_id,
    });
    const userPlan = confirmed.json<PaymentConfirmation>().user_plan;
    expect(userPlan.status).toBe('trialing');
    return { headers, userPlan, subscriptionId: (await userPlanRow(userPlan.id)).subscriptionId! };
  }

  it("keeps a trial's offer for the first paid invoice (a schedule phase), not the $0 trial invoice", async () => {
    const { subscriptionId } = await trialWithOffer('premium-month-1-trial', 50, 'pm_card_amex');
    const subscription = stripe.object(subscriptionId)!;
    const created = stripe.requests.find(
      (request) => request.path === '/v1/subscriptions' && request.params.trial_period_days === '3',
    );
    expect(created?.params.discounts).toBeUndefined();
    expect(subscription.metadata).toMatchObject({ trial_offer_coupon: 'wingmate-first-charge-50' });
    expect(stripe.object(String(subscription.latest_invoice))).toMatchObject({
      amount_due: 0,
      discounts: [],
    });
    const schedule = stripe.object(String(subscription.schedule))!;
    expect(schedule).toMatchObject({ end_behavior: 'release' });
    expect((schedule.phases as Record<string, unknown>[]).map((phase) => phase.discounts)).toEqual([
      [],
      ['wingmate-first-charge-50'],
    ]);

    // The trial ends: its first paid invoice is half of 29.99; the one after is the full price.
    expect(stripe.advancePeriod(subscriptionId)).toMatchObject({ amount_due: 1500 });
    expect(stripe.advancePeriod(subscriptionId)).toMatchObject({ amount_due: 2999, discounts: [] });
    expect(stripe.object(subscriptionId)?.schedule).toBeNull();
  });

  it("keeps a trial's offer through a cancel and a resume", async () => {
    const { headers, userPlan, subscriptionId } = await trialWithOffer(
      'premium-month-1-trial',
      50,
      'pm_card_discover',
    );
    await post(`user_plans/${userPlan.id}/cancel/`, headers);
    expect(stripe.object(subscriptionId)).toMatchObject({ schedule: null, cancel_at_period_end: true });
    const resumed = await post(`user_plans/${userPlan.id}/resume/`, headers);
    expect(resumed.json<UserPlan>()).toMatchObject({ status: 'trialing', is_active: true });
    expect(stripe.object(subscriptionId)).toMatchObject({
      schedule: expect.stringMatching(/^sub_sched_/),
      cancel_at_period_end: false,
    });
    expect(stripe.advancePeriod(subscriptionId)).toMatchObject({ amount_due: 1500 });
  });

  it("gives a trial's offer to the plan it changes to, and keeps it when the change is undone", async () => {
    const changed = await trialWithOffer('premium-month-1-trial', 50, 'pm_card_jcb');
    const standard = await planId('standard-month-1');
    const update = await post(`user_plans/${changed.userPlan.id}/update/`, changed.headers, {
      plan_id: standard,
    });
    expect(update.json<UserPlan>()).toMatchObject({ scheduled_plan_id: standard });
    // Half of standard's 19.99 (999.5 cents, rounded half up as Stripe does).
    expect(stripe.advancePeriod(changed.subscriptionId)).toMatchObject({ amount_due: 1000 });

    const undone = await trialWithOffer('premium-month-1-trial', 50, 'pm_card_unionpay');
    await post(`user_plans/${undone.userPlan.id}/update/`, undone.headers, { plan_id: standard });
    const response = await post(`user_plans/${undone.userPlan.id}/update/cancel/`, undone.headers);
    expect(response.json<UserPlan>()).toMatchObject({ scheduled_plan_id: null });
    expect(stripe.advancePeriod(undone.subscriptionId)).toMatchObject({ amount_due: 1500 });
  });

  it('lists renewal invoices in the billing history, once however often Stripe reports them', async () => {
    const { headers, userPlan } = await buy('standard-month-1');
    const subscription = (await userPlanRow(userPlan.id)).subscriptionId!;
    const renewal = {
      ...invoice(subscription, new Date(Date.now() + 62 * 24 * 3600 * 1000)),
      amount_paid: 1999,
      currency: 'usd',
    };
    await deliver({ id: eventId(), type: 'invoice.paid', object: renewal });
    await deliver({ id: eventId(), type: 'invoice.paid', object: renewal });
    const history = (
      await app().inject({ method: 'GET', url: '/api/v1/memberships/payments/', headers })
    ).json<PaymentPage>();
    expect(history.results.map((payment) => [payment.description, payment.amount])).toEqual([
      ['Standard monthly renewal', 19.99],
      ['Standard monthly', 19.99],
    ]);
  });

  it('stops a renewal that would pass the spending cap when Stripe announces it (invoice.upcoming)', async () => {
    const { headers, userPlan, userId } = await buyWithUser('standard-month-1');
    await app().inject({
      method: 'PUT',
      url: '/api/v1/memberships/spending-cap/',
      headers,
      payload: { monthly_cap: '25' },
    });
    const subscription = (await userPlanRow(userPlan.id)).subscriptionId!;
    const upcoming = { ...invoice(subscription, new Date()), id: undefined, amount_due: 1999 };
    // The renewal falls in this month only if the period ends this month; either way 19.99 + 19.99 > 25 then.
    await app()
      .database.db.update(userPlans)
      .set({ currentPeriodEnd: new Date(Date.now() + 60_000) })
      .where(eq(userPlans.id, userPlan.id));
    await deliver({ id: eventId(), type: 'invoice.upcoming', object: upcoming });
    expect(await userPlanRow(userPlan.id)).toMatchObject({ status: 'canceled', cancelAtPeriodEnd: true });
    expect(stripe.object(subscription)).toMatchObject({ cancel_at_period_end: true });
    const [notice] = await app().database.db.select().from(notices).where(eq(notices.userId, userId));
    expect(notice).toMatchObject({
      kind: 'billing',
      title: 'Standard monthly will end at your spending cap',
    });
  });

  it('cancels at period end at Stripe (cancel_at_period_end) and keeps the plan active', async () => {
    const { headers, userPlan } = await buy('standard-month-1');
    const response = await post(`user_plans/${userPlan.id}/cancel/`, headers);
    expect(response.json<UserPlan>()).toMatchObject({ status: 'canceled', is_active: true });
    const update = stripe.requests.filter((request) => request.path.startsWith('/v1/subscriptions/')).at(-1);
    expect(update?.params).toEqual({ cancel_at_period_end: 'true' });
  });

  it('holds and releases the card check amount (manual capture, then cancel)', async () => {
    const headers = bearer(await signUpMemberByEmail(app()));
    const response = await post('verify-card/', headers, { payment_method_id: 'pm_card_visa', amount: 2.5 });
    expect(response.json()).toEqual({ verified: true, amount: 2.5, currency: 'usd' });
    const hold = stripe.requests.filter((request) => request.params.capture_method === 'manual').at(-1);
    expect(hold?.params).toMatchObject({ amount: '250', confirm: 'true' });
    expect(stripe.requests.at(-2)?.path).toMatch(/^\/v1\/payment_intents\/pi_.+\/cancel$/);
  });

  it("turns Stripe's amount_too_small into the port's InvalidPaymentAmount (a 400 on amount, not a 500)", async () => {
    const customer = await provider.ensureCustomer({ id: 1, email: null, name: '' }, null);
    await expect(provider.verifyCard(customer, 'pm_card_visa', 49, 'usd')).rejects.toBeInstanceOf(
      InvalidPaymentAmount,
    );
  });

  it("passes a charge's idempotency key to Stripe as its Idempotency-Key (renewals charge a period once)", async () => {
    const customer = await provider.ensureCustomer({ id: 2, email: null, name: '' }, null);
    await provider.createPaymentIntent({
      customerId: customer,
      paymentMethodId: 'pm_card_visa',
      amountCents: 999,
      currency: 'usd',
      description: 'renewal',
      metadata: {},
      idempotencyKey: 'renewal:7:2026-01-01T00:00:00.000Z:pm_card_visa',
    });
    const created = stripe.requests.filter((request) => request.path === '/v1/payment_intents').at(-1);
    expect(created?.idempotencyKey).toBe('renewal:7:2026-01-01T00:00:00.000Z:pm_card_visa');
  });

  it('refuses a webhook with a bad signature (400) and applies nothing', async () => {
    const { userPlan } = await buy('standard-month-1');
    const row = await userPlanRow(userPlan.id);
    const id = eventId();
    const response = await deliver(
      { id, type: 'invoice.payment_failed', object: invoice(row.subscriptionId!, new Date()) },
      'whsec_wrong',
    );
    expect(response.statusCode).toBe(400);
    expect((await userPlanRow(userPlan.id)).status).toBe('active');
    expect(await app().database.db.select().from(paymentEvents).where(eq(paymentEvents.id, id))).toEqual([]);
  });

  it('applies an event delivered twice only once', async () => {
    const { userPlan } = await buy('standard-month-1');
    const subscription = (await userPlanRow(userPlan.id)).subscriptionId!;
    const failed = {
      id: eventId(),
      type: 'invoice.payment_failed',
      object: invoice(subscription, new Date()),
    };
    expect((await deliver(failed)).statusCode).toBe(200);
    const renewedTo = new Date(Date.now() + 60 * 24 * 3600 * 1000);
    await deliver({ id: eventId(), type: 'invoice.paid', object: invoice(subscription, renewedTo) });
    // The failure again: already applied, so the paid renewal stands.
    expect((await deliver(failed)).json()).toEqual({ received: true });
    expect(await userPlanRow(userPlan.id)).toMatchObject({ status: 'active', isActive: true });
  });

  it('extends the period on invoice.paid (renewal)', async () => {
    const { userPlan } = await buy('standard-month-1');
    const subscription = (await userPlanRow(userPlan.id)).subscriptionId!;
    const renewedTo = new Date(Math.floor(Date.now() / 1000 + 62 * 24 * 3600) * 1000);
    await deliver({ id: eventId(), type: 'invoice.paid', object: invoice(subscription, renewedTo) });
    expect((await userPlanRow(userPlan.id)).currentPeriodEnd).toEqual(renewedTo);
  });

  it('marks the plan past_due on invoice.payment_failed', async () => {
    const { userPlan } = await buy('standard-month-1');
    const subscription = (await userPlanRow(userPlan.id)).subscriptionId!;
    await deliver({
      id: eventId(),
      type: 'invoice.payment_failed',
      object: invoice(subscription, new Date()),
    });
    expect(await userPlanRow(userPlan.id)).toMatchObject({ status: 'past_due', isActive: false });
  });

  it('ends the plan on customer.subscription.deleted', async () => {
    const { userPlan } = await buy('standard-month-1');
    const subscription = (await userPlanRow(userPlan.id)).subscriptionId!;
    await deliver({
      id: eventId(),
      type: 'customer.subscription.deleted',
      object: { id: subscription, object: 'subscription', status: 'canceled' },
    });
    expect(await userPlanRow(userPlan.id)).toMatchObject({ status: 'expired', isActive: false });
  });

  it('keeps status and period in step on customer.subscription.updated', async () => {
    const { userPlan } = await buy('standard-month-1');
    const subscription = stripe.object((await userPlanRow(userPlan.id)).subscriptionId!)!;
    const periodEnd = Math.floor(Date.now() / 1000) + 90 * 24 * 3600;
    const items = subscription.items as { data: { current_period_end: number }[] };
    const object = {
      ...subscription,
      status: 'active',
      cancel_at_period_end: true,
      items: { ...items, data: [{ ...items.data[0], current_period_end: periodEnd }] },
    };
    await deliver({ id: eventId(), type: 'customer.subscription.updated', object });
    expect(await userPlanRow(userPlan.id)).toMatchObject({
      status: 'canceled',
      cancelAtPeriodEnd: true,
      currentPeriodEnd: new Date(periodEnd * 1000),
    });
  });

  it('settles a pack on payment_intent.succeeded without a confirm call', async () => {
    const { intent } = await startPurchase('metered-50');
    await deliver({
      id: eventId(),
      type: 'payment_intent.succeeded',
      object: { id: intent.payment_intent_id, object: 'payment_intent', status: 'succeeded' },
    });
    expect(await userPlanRow(intent.user_plan.id)).toMatchObject({
      status: 'active',
      complete: true,
      remainingMessages: 50,
    });
  });
});
