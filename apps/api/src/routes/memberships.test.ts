import type {
  PaymentConfirmation,
  PaymentIntent,
  Plan,
  PlanPage,
  UserInfo,
  UserPlanPage,
} from '@wingmate/api-contract';
import { eq } from 'drizzle-orm';
import { localPaymentIntents, plans, userPlans } from '../db/schema';
import type { Conversion } from '../services/memberships/conversions';
import { describeEachDatabase } from '../testing/test-app';
import { buy, get, member, planId, post, startPurchase, unverifiedAccount } from '../testing/memberships';
import { codeFromOutbox } from '../testing/sign-in';

const conversions: Conversion[] = [];

describeEachDatabase(
  'memberships with the local provider',
  (getApp) => {
    beforeEach(() => {
      conversions.length = 0;
    });

    it('answers 403 verification_required to the four payment calls of an account not yet a member, writing nothing', async () => {
      const app = getApp();
      const account = await unverifiedAccount(app);
      const pack = await planId(app, 'metered-50');
      const calls: [string, Record<string, unknown>][] = [
        ['user_plans/payment-method/update/', { payment_method_id: 'pm_card_visa' }],
        ['verify-card/', { payment_method_id: 'pm_card_visa' }],
        ['user_plans/payment_intent/create/', { plan_id: pack }],
        ['user_plans/payment_intent/dynamic/create/', { amount: 5 }],
      ];
      for (const [url, body] of calls) {
        const refused = await post(app, url, account.headers, body);
        expect({ url, status: refused.statusCode, body: refused.json() }).toEqual({
          url,
          status: 403,
          body: {
            detail: 'Verify your e-mail address or phone number before paying.',
            code: 'verification_required',
          },
        });
      }
      expect((await get(app, 'user_plans/payment-method/', account.headers)).statusCode).toBe(404);
      expect(
        await app.database.db.select().from(userPlans).where(eq(userPlans.userId, account.userId)),
      ).toEqual([]);

      // Once the address is verified, the same calls go through.
      const verified = await app.inject({
        method: 'POST',
        url: '/register/email/verify/',
        headers: account.headers,
        payload: { code: await codeFromOutbox(app, account.email) },
      });
      expect(verified.statusCode).toBe(200);
      expect((await post(app, calls[0]![0], account.headers, calls[0]![1])).statusCode).toBe(200);
      expect((await post(app, calls[2]![0], account.headers, calls[2]![1])).statusCode).toBe(201);
    });

    it('lists plans in the contract shape, as a DRF page (docs/product.md#membership-calls; docs/decisions.md#memberships-appsapi)', async () => {
      const { headers } = await member(getApp());
      const response = await get(getApp(), 'plans/', headers);
      expect(response.statusCode).toBe(200);
      const page = response.json<PlanPage>();
      expect(page).toMatchObject({ count: 18, next: null, previous: null });
      const pack = page.results.find((plan) => plan.plan_type === 'metered' && plan.messages === 50);
      expect(pack).toMatchObject({
        billing_period: null,
        price: 9.99,
        recurring: 1,
        currency: 'usd',
        trial_period_days: 0,
      });
    });

    it('lists only plans with trial_period_days > 0 as free-trial plans (docs/decisions.md#memberships-appsapi)', async () => {
      const { headers } = await member(getApp());
      const page = (await get(getApp(), 'plans/freetrial/', headers)).json<PlanPage>();
      expect(page.count).toBe(4);
      expect(page.results.every((plan: Plan) => plan.trial_period_days > 0)).toBe(true);
    });

    it('seeds the plans that the disabling rules disable (docs/product.md#plan-disabling)', async () => {
      const { headers } = await member(getApp());
      const results = (await get(getApp(), 'plans/', headers)).json<PlanPage>().results;
      const standard = results.filter((plan) => plan.plan_type === 'standard');
      expect(
        standard.some((p) => p.billing_period === 'MONTH' && p.recurring === 12 && p.trial_period_days === 0),
      ).toBe(true);
      expect(
        standard.some((p) => p.billing_period === 'WEEK' && p.recurring === 1 && p.trial_period_days > 0),
      ).toBe(true);
    });

    it('shows the plan lists to visitors, with no token (pricing is public: docs/decisions.md#money-at-checkout)', async () => {
      const plansPage = await get(getApp(), 'plans/', {});
      const trials = await get(getApp(), 'plans/freetrial/', {});
      expect([plansPage.statusCode, trials.statusCode]).toEqual([200, 200]);
      expect(plansPage.json<PlanPage>().count).toBe(18);
    });

    it('refuses a bad token on the plan list, as on every optional call (docs/decisions.md#auth-appsapi)', async () => {
      const response = await get(getApp(), 'plans/', { authorization: 'Bearer not-a-jwt' });
      expect(response.statusCode).toBe(401);
    });

    it('refuses an unknown plan_id with a field error', async () => {
      const { headers } = await member(getApp());
      await post(getApp(), 'user_plans/payment-method/update/', headers, {
        payment_method_id: 'pm_card_visa',
      });
      const response = await post(getApp(), 'user_plans/payment_intent/create/', headers, {
        plan_id: 999999,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toHaveProperty('plan_id');
    });

    it('refuses a plan that the disabling rules disable (docs/product.md#plan-disabling)', async () => {
      const { headers } = await member(getApp());
      await post(getApp(), 'user_plans/payment-method/update/', headers, {
        payment_method_id: 'pm_card_visa',
      });
      const response = await post(getApp(), 'user_plans/payment_intent/create/', headers, {
        plan_id: await planId(getApp(), 'standard-month-12'),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toHaveProperty('plan_id');
    });

    it('saves a card given as a local card-number id and tells its brand and last 4', async () => {
      const { headers } = await member(getApp());
      const response = await post(getApp(), 'user_plans/payment-method/update/', headers, {
        payment_method_id: 'pm_local_5555555555554444',
      });
      expect(response.json()).toEqual({
        payment_method_id: 'pm_local_5555555555554444',
        brand: 'mastercard',
        last4: '4444',
      });
    });

    it('refuses a payment method id that is not a test card with a field error', async () => {
      const { headers } = await member(getApp());
      const response = await post(getApp(), 'user_plans/payment-method/update/', headers, {
        payment_method_id: 'pm_nope',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toHaveProperty('payment_method_id');
    });

    it('makes an incomplete user plan with its payment intent (docs/decisions.md#memberships-appsapi)', async () => {
      const { intent } = await startPurchase(getApp(), 'metered-200');
      expect(intent).toMatchObject({ amount: 29.99, currency: 'usd', provider: 'local' });
      expect(intent.user_plan).toMatchObject({ status: 'incomplete', complete: false, is_active: false });
      expect(intent.client_secret).toContain(intent.payment_intent_id);
    });

    it('end to end: card, pack, confirm, then user info shows remaining_messages', async () => {
      const { headers, userPlan, userId } = await buy(getApp(), 'metered-50');
      expect(userPlan).toMatchObject({
        status: 'active',
        is_active: true,
        complete: true,
        remaining_messages: 50,
      });
      const info = await getApp().inject({ method: 'GET', url: '/api/v1/user/info/', headers });
      // The 50 bought and the account's 5 free messages.
      expect(info.json<UserInfo>()).toMatchObject({ remaining_messages: 55, has_subscription: false });
      expect(conversions).toEqual([
        {
          userId,
          name: 'Purchase',
          value: 9.99,
          currency: 'USD',
          eventId: `purchase-user-plan-${userPlan.id}`,
        },
      ]);
    });

    it('changes nothing when a payment is confirmed a second time (idempotent)', async () => {
      const { headers, intent, userPlan } = await buy(getApp(), 'metered-50');
      const again = await post(getApp(), 'user_plans/payment_intent/confirm/', headers, {
        payment_intent_id: intent.payment_intent_id,
      });
      expect(again.statusCode).toBe(200);
      expect(again.json<PaymentConfirmation>().user_plan).toEqual(userPlan);
      expect(conversions).toHaveLength(1);
    });

    it('answers 402 card_declined for a declined card and keeps the plan incomplete', async () => {
      const { headers, intent } = await startPurchase(getApp(), 'metered-50', 'pm_card_chargeCustomerFail');
      const response = await post(getApp(), 'user_plans/payment_intent/confirm/', headers, {
        payment_intent_id: intent.payment_intent_id,
      });
      expect(response.statusCode).toBe(402);
      expect(response.json()).toEqual({ detail: 'Your card was declined.', code: 'card_declined' });
      const [plan] = (await get(getApp(), 'user_plans/', headers)).json<UserPlanPage>().results;
      expect(plan).toMatchObject({ status: 'incomplete', complete: false, is_active: false });
    });

    it('marks a declined subscription updated, so the client rules stop showing it at once and never as current', async () => {
      const { headers, intent } = await startPurchase(
        getApp(),
        'standard-month-1',
        'pm_card_chargeCustomerFail',
      );
      const response = await post(getApp(), 'user_plans/payment_intent/confirm/', headers, {
        payment_intent_id: intent.payment_intent_id,
      });
      expect(response.statusCode).toBe(402);
      const listed = (await get(getApp(), 'user_plans/', headers)).json<UserPlanPage>().results;
      expect(listed).toHaveLength(1);
      const [declined] = listed;
      // What the client's rules read (docs/product.md#what-things-cost): an incomplete plan is a purchase under way
      // only while its update came within 50 ms of its creation, and the current plan is one that runs or is
      // canceled. The declined plan is neither, and reads as updated.
      expect(declined).toMatchObject({ complete: false, is_active: false, status: 'incomplete' });
      expect(Date.parse(declined!.updated_at) - Date.parse(declined!.created_at)).toBeGreaterThan(50);
    });

    it('refuses a declining card when it is saved, with its decline code, and keeps the working card on file', async () => {
      const buyer = await member(getApp());
      const save = (card: string) =>
        post(getApp(), 'user_plans/payment-method/update/', buyer.headers, { payment_method_id: card });
      expect((await save('pm_card_visa')).statusCode).toBe(200);
      const declined = await save('pm_card_chargeDeclined');
      expect(declined.statusCode).toBe(402);
      expect(declined.json()).toEqual({ detail: 'Your card was declined.', code: 'card_declined' });
      const poor = await save('pm_local_4000000000009995');
      expect(poor.statusCode).toBe(402);
      expect(poor.json()).toMatchObject({ code: 'insufficient_funds' });
      expect((await get(getApp(), 'user_plans/payment-method/', buyer.headers)).json()).toMatchObject({
        brand: 'visa',
        last4: '4242',
      });
      // The card on file still pays.
      const bought = await buy(getApp(), 'metered-50', 'pm_card_visa', buyer);
      expect(bought.userPlan).toMatchObject({ status: 'active', is_active: true });
    });

    it('starts a trial as trialing with a StartTrial conversion (docs/decisions.md#memberships-appsapi)', async () => {
      const { userPlan, userId } = await buy(getApp(), 'standard-month-1-trial', 'pm_card_discover');
      expect(userPlan).toMatchObject({ status: 'trialing', is_active: true });
      expect(conversions).toEqual([
        { userId, name: 'StartTrial', value: 0, currency: 'USD', eventId: `trial-user-plan-${userPlan.id}` },
      ]);
    });

    it('refuses a second free trial on the same account with 409 trial_used (docs/decisions.md#memberships-appsapi)', async () => {
      const { headers } = await buy(getApp(), 'standard-month-1-trial', 'pm_card_jcb');
      // Another card, so only the account rule can refuse.
      await post(getApp(), 'user_plans/payment-method/update/', headers, {
        payment_method_id: 'pm_card_diners',
      });
      const again = await post(getApp(), 'user_plans/payment_intent/create/', headers, {
        plan_id: await planId(getApp(), 'premium-month-1-trial'),
      });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 'trial_used' });
    });

    it('refuses a free trial on another account with the same card (docs/decisions.md#memberships-appsapi)', async () => {
      await buy(getApp(), 'standard-month-1-trial', 'pm_card_mastercard');
      const other = await member(getApp());
      // The same card number through the local form's id: one fingerprint.
      await post(getApp(), 'user_plans/payment-method/update/', other.headers, {
        payment_method_id: 'pm_local_5555555555554444',
      });
      const response = await post(getApp(), 'user_plans/payment_intent/create/', other.headers, {
        plan_id: await planId(getApp(), 'premium-month-1-trial'),
      });
      expect(response.statusCode).toBe(409);
    });

    it("answers 404 for another user's user plan", async () => {
      const { userPlan } = await buy(getApp(), 'standard-month-1');
      const stranger = await member(getApp());
      expect((await post(getApp(), `user_plans/${userPlan.id}/cancel/`, stranger.headers)).statusCode).toBe(
        404,
      );
      const update = await post(getApp(), `user_plans/${userPlan.id}/update/`, stranger.headers, {
        plan_id: await planId(getApp(), 'premium-month-1'),
      });
      expect(update.statusCode).toBe(404);
    });

    it("answers 404 when confirming another user's payment intent", async () => {
      const { intent } = await startPurchase(getApp(), 'metered-50');
      const stranger = await member(getApp());
      const response = await post(getApp(), 'user_plans/payment_intent/confirm/', stranger.headers, {
        payment_intent_id: intent.payment_intent_id,
      });
      expect(response.statusCode).toBe(404);
    });

    it('cancels at period end: canceled, still active until current_period_end (docs/decisions.md#memberships-appsapi)', async () => {
      const { headers, userPlan } = await buy(getApp(), 'standard-month-1');
      const canceled = await post(getApp(), `user_plans/${userPlan.id}/cancel/`, headers);
      expect(canceled.statusCode).toBe(200);
      const [listed] = (await get(getApp(), 'user_plans/', headers)).json<UserPlanPage>().results;
      expect(listed).toMatchObject({ id: userPlan.id, status: 'canceled', is_active: true });
      expect(listed?.current_period_end).toBe(userPlan.current_period_end);
      const info = await getApp().inject({ method: 'GET', url: '/api/v1/user/info/', headers });
      expect(info.json<UserInfo>().has_subscription).toBe(true);
    });

    it('lists user plans newest first', async () => {
      const { headers } = await buy(getApp(), 'metered-50');
      await post(getApp(), 'user_plans/payment_intent/create/', headers, {
        plan_id: await planId(getApp(), 'standard-month-1'),
      });
      const results = (await get(getApp(), 'user_plans/', headers)).json<UserPlanPage>().results;
      expect(results.map((plan) => plan.plan.plan_type)).toEqual(['standard', 'metered']);
    });

    it.each([0, 0.5, 501, 'abc'])(
      'refuses the dynamic amount %p with a field error on amount',
      async (amount) => {
        const { headers } = await member(getApp());
        const response = await post(getApp(), 'user_plans/payment_intent/dynamic/create/', headers, {
          amount,
        });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toHaveProperty('amount');
      },
    );

    it('buys floor(amount / cheapest per-message price) messages for a dynamic amount (docs/decisions.md#memberships-appsapi)', async () => {
      const { headers } = await member(getApp());
      await post(getApp(), 'user_plans/payment-method/update/', headers, {
        payment_method_id: 'pm_card_visa',
      });
      const response = await post(getApp(), 'user_plans/payment_intent/dynamic/create/', headers, {
        amount: 25,
      });
      expect(response.statusCode).toBe(201);
      // Cheapest: 500 messages for 59.99, so 25 / 0.11998 = 208.37.
      expect(response.json()).toMatchObject({ messages: 208, amount: 25 });
      const intent = response.json<PaymentIntent>();
      const confirmed = await post(getApp(), 'user_plans/payment_intent/confirm/', headers, {
        payment_intent_id: intent.payment_intent_id,
      });
      expect(confirmed.json<PaymentConfirmation>().user_plan.remaining_messages).toBe(208);
    });

    it('refuses dynamic/create/ without a saved card before making any plan (docs/decisions.md#memberships-appsapi)', async () => {
      const { headers } = await member(getApp());
      const plansBefore = await getApp().database.db.select({ id: plans.id }).from(plans);
      for (let n = 0; n < 3; n++) {
        const response = await post(getApp(), 'user_plans/payment_intent/dynamic/create/', headers, {
          amount: 25,
        });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ non_field_errors: [expect.stringMatching(/No saved card/)] });
      }
      const plansAfter = await getApp().database.db.select({ id: plans.id }).from(plans);
      expect(plansAfter).toHaveLength(plansBefore.length);
    });

    it('answers a repeated payment_intent/create/ with the same Idempotency-Key once: one intent, one user plan (docs/decisions.md#money-chat-uploads-and-ai-limits)', async () => {
      const user = await member(getApp());
      await post(getApp(), 'user_plans/payment-method/update/', user.headers, {
        payment_method_id: 'pm_card_visa',
      });
      const headers = { ...user.headers, 'idempotency-key': crypto.randomUUID() };
      const body = { plan_id: await planId(getApp(), 'metered-50') };
      const first = await post(getApp(), 'user_plans/payment_intent/create/', headers, body);
      const again = await post(getApp(), 'user_plans/payment_intent/create/', headers, body);
      expect(first.statusCode).toBe(201);
      expect(again.statusCode).toBe(201);
      expect(again.json()).toEqual(first.json());
      const mine = await get(getApp(), 'user_plans/', user.headers);
      expect(mine.json<UserPlanPage>().count).toBe(1);
    });

    it('answers a repeated dynamic/create/ and confirm/ with their keys once: messages bought once (docs/decisions.md#money-chat-uploads-and-ai-limits)', async () => {
      const user = await member(getApp());
      await post(getApp(), 'user_plans/payment-method/update/', user.headers, {
        payment_method_id: 'pm_card_visa',
      });
      const createHeaders = { ...user.headers, 'idempotency-key': crypto.randomUUID() };
      const created = await post(getApp(), 'user_plans/payment_intent/dynamic/create/', createHeaders, {
        amount: 10,
      });
      const createdAgain = await post(getApp(), 'user_plans/payment_intent/dynamic/create/', createHeaders, {
        amount: 10,
      });
      expect(createdAgain.json()).toEqual(created.json());
      const confirmHeaders = { ...user.headers, 'idempotency-key': crypto.randomUUID() };
      const payment = { payment_intent_id: created.json<PaymentIntent>().payment_intent_id };
      const confirmed = await post(getApp(), 'user_plans/payment_intent/confirm/', confirmHeaders, payment);
      const confirmedAgain = await post(
        getApp(),
        'user_plans/payment_intent/confirm/',
        confirmHeaders,
        payment,
      );
      expect(confirmedAgain.json()).toEqual(confirmed.json());
      const info = await getApp().inject({ method: 'GET', url: '/api/v1/user/info/', headers: user.headers });
      expect(info.json<UserInfo>().remaining_messages).toBe(83 + 5); // bought once, and the 5 free
      expect((await get(getApp(), 'user_plans/', user.headers)).json<UserPlanPage>().count).toBe(1);
    });

    it('refuses an Idempotency-Key reused for another plan with 422 {detail}, buying nothing more (docs/decisions.md#money-chat-uploads-and-ai-limits)', async () => {
      const user = await member(getApp());
      await post(getApp(), 'user_plans/payment-method/update/', user.headers, {
        payment_method_id: 'pm_card_visa',
      });
      const headers = { ...user.headers, 'idempotency-key': crypto.randomUUID() };
      await post(getApp(), 'user_plans/payment_intent/create/', headers, {
        plan_id: await planId(getApp(), 'metered-50'),
      });
      const other = await post(getApp(), 'user_plans/payment_intent/create/', headers, {
        plan_id: await planId(getApp(), 'metered-200'),
      });
      expect(other.statusCode).toBe(422);
      expect(other.json()).toEqual({ detail: expect.any(String) });
      expect((await get(getApp(), 'user_plans/', user.headers)).json<UserPlanPage>().count).toBe(1);
    });

    it('answers a repeated verify-card/ and payment-method/update/ with their keys from the stored result (docs/decisions.md#money-chat-uploads-and-ai-limits)', async () => {
      const user = await member(getApp());
      const saveHeaders = { ...user.headers, 'idempotency-key': crypto.randomUUID() };
      const saved = await post(getApp(), 'user_plans/payment-method/update/', saveHeaders, {
        payment_method_id: 'pm_card_visa',
      });
      const savedAgain = await post(getApp(), 'user_plans/payment-method/update/', saveHeaders, {
        payment_method_id: 'pm_card_visa',
      });
      expect(savedAgain.headers['idempotent-replayed']).toBe('true');
      expect(savedAgain.json()).toEqual(saved.json());
      const holdsBefore = await getApp().database.db.select().from(localPaymentIntents);
      const checkHeaders = { ...user.headers, 'idempotency-key': crypto.randomUUID() };
      const checked = await post(getApp(), 'verify-card/', checkHeaders, {
        payment_method_id: 'pm_card_visa',
      });
      const checkedAgain = await post(getApp(), 'verify-card/', checkHeaders, {
        payment_method_id: 'pm_card_visa',
      });
      expect(checkedAgain.json()).toEqual(checked.json());
      const holdsAfter = await getApp().database.db.select().from(localPaymentIntents);
      expect(holdsAfter.length - holdsBefore.length).toBe(1);
    });

    it('checks a card with a default hold of USD 1.00 (docs/product.md#what-things-cost)', async () => {
      const { headers } = await member(getApp());
      const response = await post(getApp(), 'verify-card/', headers, { payment_method_id: 'pm_card_visa' });
      expect(response.json()).toEqual({ verified: true, amount: 1, currency: 'usd' });
    });

    it('refuses a card check above USD 5.00 with a field error on amount', async () => {
      const { headers } = await member(getApp());
      const response = await post(getApp(), 'verify-card/', headers, {
        payment_method_id: 'pm_card_visa',
        amount: 5.01,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toHaveProperty('amount');
    });

    it("refuses a card check under USD 0.50, Stripe's smallest charge, with a field error on amount (docs/decisions.md#money-chat-uploads-and-ai-limits)", async () => {
      const { headers } = await member(getApp());
      const low = await post(getApp(), 'verify-card/', headers, {
        payment_method_id: 'pm_card_visa',
        amount: 0.49,
      });
      expect(low.statusCode).toBe(400);
      expect(low.json()).toEqual({ amount: [expect.any(String)] });
      const least = await post(getApp(), 'verify-card/', headers, {
        payment_method_id: 'pm_card_visa',
        amount: 0.5,
      });
      expect(least.json()).toEqual({ verified: true, amount: 0.5, currency: 'usd' });
    });

    it('answers 402 when the card check is declined', async () => {
      const { headers } = await member(getApp());
      const response = await post(getApp(), 'verify-card/', headers, {
        payment_method_id: 'pm_card_chargeDeclined',
        amount: 5,
      });
      expect(response.statusCode).toBe(402);
      expect(response.json()).toMatchObject({ code: 'card_declined' });
    });

    it('refuses a card check with 409 when the card already had a free trial', async () => {
      await buy(getApp(), 'standard-month-1-trial', 'pm_local_378282246310005');
      const other = await member(getApp());
      const response = await post(getApp(), 'verify-card/', other.headers, {
        payment_method_id: 'pm_local_378282246310005',
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: 'trial_used' });
    });

    it('refuses the Stripe webhook when payments are local (no signature can match)', async () => {
      const response = await getApp().inject({
        method: 'POST',
        url: '/api/v1/memberships/webhooks/stripe/',
        headers: { 'stripe-signature': 't=1,v1=abc', 'content-type': 'application/json' },
        payload: JSON.stringify({ id: 'evt_1', type: 'invoice.paid', data: { object: {} } }),
      });
      expect(response.statusCode).toBe(400);
    });
  },
  {},
  { onConversion: (conversion) => void conversions.push(conversion) },
);
