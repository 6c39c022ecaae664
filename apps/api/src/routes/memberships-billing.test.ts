import type { OfferPage, Payment, PaymentIntent, PaymentPage, SpendingCap } from '@wingmate/api-contract';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { notices, offers, spendingReservations, userPlans } from '../db/schema';
import { runLocalRenewals } from '../services/memberships/renewals';
import { spendingCapJson } from '../services/memberships/spending-cap';
import { holdProviderCall } from '../testing/held-provider-call';
import { testClock } from '../testing/sign-in';
import { describeEachDatabase } from '../testing/test-app';
import { buy, get, member, planId, post, put, startPurchase } from '../testing/memberships';

const DAY = 24 * 3600 * 1000;
// Mid-month, so a month's payments stay in one calendar month (UTC) while the clock moves a few days.
const clock = testClock(Date.UTC(2026, 5, 10, 12));

async function addOffer(
  app: FastifyInstance,
  values: { planCode: string | null; discount: number; expiresAt?: Date | null },
): Promise<number> {
  const [offer] = await app.database.db
    .insert(offers)
    .values({
      title: 'Test offer',
      description: 'For a test',
      planId: values.planCode ? await planId(app, values.planCode) : null,
      discount: values.discount,
      expiresAt: values.expiresAt ?? null,
    })
    .returning();
  return offer!.id;
}

async function withCard(app: FastifyInstance, card = 'pm_card_visa') {
  const user = await member(app);
  await post(app, 'user_plans/payment-method/update/', user.headers, { payment_method_id: card });
  return user;
}

describeEachDatabase(
  'billing: offers, the saved card, the billing history and the spending cap',
  (getApp) => {
    describe('offers (offers/ is optional-auth, offer_id on payment_intent/create/: docs/decisions.md#money-at-checkout)', () => {
      it('lists the current offers to a visitor, with no token', async () => {
        const expired = await addOffer(getApp(), {
          planCode: 'metered-200',
          discount: 10,
          expiresAt: new Date(clock.now() - DAY),
        });
        const response = await getApp().inject({ method: 'GET', url: '/api/v1/offers/' });
        expect(response.statusCode).toBe(200);
        const page = response.json<OfferPage>();
        expect(page.count).toBeGreaterThan(0);
        expect(page.results.map((offer) => offer.id)).not.toContain(expired);
      });

      it('charges and records the discounted price of a current offer for that plan', async () => {
        const offerId = await addOffer(getApp(), { planCode: 'metered-200', discount: 25 });
        const user = await withCard(getApp());
        const created = await post(getApp(), 'user_plans/payment_intent/create/', user.headers, {
          plan_id: await planId(getApp(), 'metered-200'),
          offer_id: offerId,
        });
        expect(created.statusCode).toBe(201);
        const intent = created.json<PaymentIntent>();
        expect(intent.amount).toBe(22.49);
        await post(getApp(), 'user_plans/payment_intent/confirm/', user.headers, {
          payment_intent_id: intent.payment_intent_id,
        });
        const history = (await get(getApp(), 'payments/', user.headers)).json<PaymentPage>();
        expect(history.results.map((payment) => payment.amount)).toEqual([22.49]);
      });

      it.each([
        [
          'an offer for another plan',
          { planCode: 'metered-50', discount: 10 },
          'This offer is for another plan.',
        ],
        [
          'an offer that has ended',
          { planCode: 'metered-200', discount: 10, expiresAt: new Date(clock.now() - 1000) },
          'This offer has ended.',
        ],
      ])('refuses %s with a field error on offer_id', async (_case, offer, message) => {
        const offerId = await addOffer(getApp(), offer);
        const user = await withCard(getApp());
        const response = await post(getApp(), 'user_plans/payment_intent/create/', user.headers, {
          plan_id: await planId(getApp(), 'metered-200'),
          offer_id: offerId,
        });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ offer_id: [message] });
      });

      it('refuses an offer id that does not exist with a field error on offer_id', async () => {
        const user = await withCard(getApp());
        const response = await post(getApp(), 'user_plans/payment_intent/create/', user.headers, {
          plan_id: await planId(getApp(), 'metered-200'),
          offer_id: 999_999,
        });
        expect(response.json()).toEqual({ offer_id: ['Invalid pk "999999" - object does not exist.'] });
      });
    });

    describe('the saved card (GET user_plans/payment-method/)', () => {
      it('answers 404 when no card is saved', async () => {
        const { headers } = await member(getApp());
        const response = await get(getApp(), 'user_plans/payment-method/', headers);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ detail: 'No card is saved.' });
      });

      it("answers the local card form's card with the expiry it carries", async () => {
        const { headers } = await withCard(getApp(), 'pm_local_5555555555554444_0731');
        const response = await get(getApp(), 'user_plans/payment-method/', headers);
        expect(response.json()).toEqual({ brand: 'mastercard', last4: '4444', exp_month: 7, exp_year: 2031 });
      });

      it('answers null expiry fields where the card id tells none', async () => {
        const { headers } = await withCard(getApp(), 'pm_card_visa');
        const response = await get(getApp(), 'user_plans/payment-method/', headers);
        expect(response.json()).toEqual({ brand: 'visa', last4: '4242', exp_month: null, exp_year: null });
      });

      it('needs a token', async () => {
        expect((await get(getApp(), 'user_plans/payment-method/', {})).statusCode).toBe(401);
      });
    });

    describe('the billing history (GET payments/)', () => {
      it('lists every confirmed payment newest first, with its plan and no receipt yet', async () => {
        const { headers, userId } = await buy(getApp(), 'metered-50');
        clock.advance(60_000);
        await buy(getApp(), 'standard-month-1', 'pm_card_visa', { headers, userId });
        const page = (await get(getApp(), 'payments/', headers)).json<PaymentPage>();
        expect(page).toMatchObject({ count: 2, next: null, previous: null });
        expect(page.results.map((payment: Payment) => [payment.description, payment.amount])).toEqual([
          ['Standard monthly', 19.99],
          ['50 messages', 9.99],
        ]);
        expect(page.results[0]).toMatchObject({
          status: 'succeeded',
          currency: 'usd',
          plan_id: await planId(getApp(), 'standard-month-1'),
        });
      });

      it('keeps out payments not yet confirmed and other users’ payments', async () => {
        await buy(getApp(), 'metered-50');
        const { headers } = await startPurchase(getApp(), 'metered-200');
        expect((await get(getApp(), 'payments/', headers)).json<PaymentPage>().results).toEqual([]);
      });

      it('answers 404 past the last page (DRF "Invalid page.")', async () => {
        const { headers } = await member(getApp());
        const response = await getApp().inject({
          method: 'GET',
          url: '/api/v1/memberships/payments/?page=2',
          headers,
        });
        expect(response.statusCode).toBe(404);
      });
    });

    describe('the spending cap (docs/decisions.md#money-at-checkout)', () => {
      it('has no cap at first and counts nothing spent', async () => {
        const { headers } = await member(getApp());
        const response = await get(getApp(), 'spending-cap/', headers);
        expect(response.json<SpendingCap>()).toEqual({
          monthly_cap: null,
          spent_this_month: '0.00',
          currency: 'usd',
        });
      });

      it('sets a cap, counts what was paid this month, and removes the cap with null', async () => {
        const { headers, userId } = await buy(getApp(), 'metered-50');
        const set = await put(getApp(), 'spending-cap/', headers, { monthly_cap: '50' });
        expect(set.json<SpendingCap>()).toEqual({
          monthly_cap: '50.00',
          spent_this_month: '9.99',
          currency: 'usd',
        });
        const removed = await put(getApp(), 'spending-cap/', headers, { monthly_cap: null });
        expect(removed.json<SpendingCap>().monthly_cap).toBeNull();
        expect(userId).toBeGreaterThan(0);
      });

      it.each([
        ['0', 'Ensure this value is greater than 0.'],
        ['100000.01', 'Ensure this value is less than or equal to 100000.'],
      ])('refuses the cap %p with a field error on monthly_cap', async (cap, message) => {
        const { headers } = await member(getApp());
        const response = await put(getApp(), 'spending-cap/', headers, { monthly_cap: cap });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ monthly_cap: [message] });
      });

      it('refuses a cap sent as a JSON number (no float money)', async () => {
        const { headers } = await member(getApp());
        expect((await put(getApp(), 'spending-cap/', headers, { monthly_cap: 50 })).statusCode).toBe(400);
      });

      it('refuses a payment that would pass the cap with 400 spending_cap, naming the cap and what is left', async () => {
        const { headers, userId } = await buy(getApp(), 'metered-200');
        await put(getApp(), 'spending-cap/', headers, { monthly_cap: '35' });
        const response = await post(getApp(), 'user_plans/payment_intent/create/', headers, {
          plan_id: await planId(getApp(), 'metered-50'),
        });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({
          code: 'spending_cap',
          detail:
            'This payment of $9.99 would pass your monthly spending cap of $35.00: $5.01 is left this month. ' +
            'Raise or remove the cap in your account to continue.',
        });
        const plansBought = await getApp()
          .database.db.select()
          .from(userPlans)
          .where(eq(userPlans.userId, userId));
        expect(plansBought).toHaveLength(1);
      });

      it('refuses a dynamic amount that would pass the cap, and lets a payment within it through', async () => {
        const { headers } = await withCard(getApp());
        await put(getApp(), 'spending-cap/', headers, { monthly_cap: '20' });
        const over = await post(getApp(), 'user_plans/payment_intent/dynamic/create/', headers, {
          amount: 25,
        });
        expect(over.json()).toMatchObject({ code: 'spending_cap' });
        const within = await post(getApp(), 'user_plans/payment_intent/dynamic/create/', headers, {
          amount: 15,
        });
        expect(within.statusCode).toBe(201);
      });

      it('refuses at confirm a payment made before the cap was lowered', async () => {
        const { headers, intent } = await startPurchase(getApp(), 'metered-200');
        await put(getApp(), 'spending-cap/', headers, { monthly_cap: '10' });
        const response = await post(getApp(), 'user_plans/payment_intent/confirm/', headers, {
          payment_intent_id: intent.payment_intent_id,
        });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ code: 'spending_cap' });
      });

      it('holds the cap while a charge is under way: of four confirms at once, those that would pass it together are refused', async () => {
        const user = await withCard(getApp());
        await put(getApp(), 'spending-cap/', user.headers, { monthly_cap: '40.00' });
        const intents: string[] = [];
        for (let i = 0; i < 4; i++) {
          const created = await post(getApp(), 'user_plans/payment_intent/create/', user.headers, {
            plan_id: await planId(getApp(), 'metered-200'),
          });
          expect(created.statusCode).toBe(201);
          intents.push(created.json<PaymentIntent>().payment_intent_id);
        }
        const confirm = (id: string) =>
          post(getApp(), 'user_plans/payment_intent/confirm/', user.headers, { payment_intent_id: id });
        const held = holdProviderCall(getApp().paymentProvider, 'confirmPaymentIntent');
        try {
          const first = confirm(intents[0]!);
          await held.reached;
          // The first charge waits inside the provider: the three others are made while it is under way.
          const others = await Promise.all(intents.slice(1).map(confirm));
          held.release();
          expect((await first).statusCode).toBe(200);
          for (const other of others) {
            expect(other.statusCode).toBe(400);
            expect(other.json()).toMatchObject({ code: 'spending_cap' });
          }
        } finally {
          held.release();
          held.restore();
        }
        const history = (await get(getApp(), 'payments/', user.headers)).json<PaymentPage>();
        expect(history.results.map((payment) => payment.amount)).toEqual([29.99]);
        const cap = (await get(getApp(), 'spending-cap/', user.headers)).json<SpendingCap>();
        expect(cap.spent_this_month).toBe('29.99');
        // Nothing stays held once the charge is recorded: what is left of the cap can be spent.
        const [reservations] = await getApp()
          .database.db.select({ n: count() })
          .from(spendingReservations)
          .where(eq(spendingReservations.userId, user.userId));
        expect(reservations?.n).toBe(0);
      });

      it('gives the hold back when the card is declined at confirm', async () => {
        const user = await withCard(getApp(), 'pm_card_chargeCustomerFail');
        await put(getApp(), 'spending-cap/', user.headers, { monthly_cap: '40.00' });
        const created = await post(getApp(), 'user_plans/payment_intent/create/', user.headers, {
          plan_id: await planId(getApp(), 'metered-200'),
        });
        const declined = await post(getApp(), 'user_plans/payment_intent/confirm/', user.headers, {
          payment_intent_id: created.json<PaymentIntent>().payment_intent_id,
        });
        expect(declined.statusCode).toBe(402);
        const [reservations] = await getApp()
          .database.db.select({ n: count() })
          .from(spendingReservations)
          .where(eq(spendingReservations.userId, user.userId));
        expect(reservations?.n).toBe(0);
      });

      it('counts a new calendar month (UTC) from zero', async () => {
        const { userId } = await buy(getApp(), 'metered-200');
        const db = getApp().database.db;
        expect((await spendingCapJson(db, userId, new Date(clock.now()))).spent_this_month).toBe('29.99');
        const nextMonth = new Date(clock.now() + 25 * DAY);
        expect((await spendingCapJson(db, userId, nextMonth)).spent_this_month).toBe('0.00');
      });

      it('ends a local renewal that would pass the cap, charges nothing and leaves a billing notice', async () => {
        const { headers, userId, userPlan } = await buy(getApp(), 'standard-month-1');
        // The renewal falls in the next month, where nothing is spent yet: a cap under its price stops it.
        await put(getApp(), 'spending-cap/', headers, { monthly_cap: '15' });
        const periodEnd = new Date(userPlan.current_period_end!);
        const renewAt = testClock(periodEnd.getTime() + 60_000);
        await runLocalRenewals(getApp().database.db, getApp().paymentProvider, renewAt);
        const [row] = await getApp()
          .database.db.select()
          .from(userPlans)
          .where(eq(userPlans.id, userPlan.id));
        expect(row).toMatchObject({ status: 'expired', isActive: false });
        const history = (await get(getApp(), 'payments/', headers)).json<PaymentPage>();
        expect(history.count).toBe(1);
        const [notice] = await getApp().database.db.select().from(notices).where(eq(notices.userId, userId));
        expect(notice).toMatchObject({
          kind: 'billing',
          title: 'Standard monthly ended at your spending cap',
        });
        expect(notice?.body).toContain('monthly spending cap of $15.00');
      });
    });
  },
  {},
  { clock },
);
