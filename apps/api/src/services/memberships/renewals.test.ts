import type { PaymentConfirmation, PaymentIntent } from '@wingmate/api-contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { PaymentProvider } from '../../adapters/payments/ports';
import { billingProfiles, localPaymentIntents, payments, plans, userPlans } from '../../db/schema';
import { holdProviderCall } from '../../testing/held-provider-call';
import { bearer, signUpMemberByEmail } from '../../testing/sign-in';
import { describeEachDatabase } from '../../testing/test-app';
import { PAST_DUE_GRACE_DAYS, runLocalRenewals } from './renewals';

const DAY = 24 * 3600 * 1000;

async function subscribe(app: FastifyInstance, code: string) {
  const tokens = await signUpMemberByEmail(app);
  const headers = bearer(tokens);
  const post = (url: string, payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: `/api/v1/memberships/${url}`, headers, payload });
  await post('user_plans/payment-method/update/', { payment_method_id: 'pm_card_visa' });
  const [plan] = await app.database.db.select().from(plans).where(eq(plans.code, code));
  const intent = (
    await post('user_plans/payment_intent/create/', { plan_id: plan!.id })
  ).json<PaymentIntent>();
  const confirmed = await post('user_plans/payment_intent/confirm/', {
    payment_intent_id: intent.payment_intent_id,
  });
  const userPlan = confirmed.json<PaymentConfirmation>().user_plan;
  return {
    headers,
    post,
    userId: tokens.user.pk,
    id: userPlan.id,
    periodEnd: new Date(userPlan.current_period_end!),
  };
}

async function row(app: FastifyInstance, id: number) {
  const [found] = await app.database.db.select().from(userPlans).where(eq(userPlans.id, id));
  return found!;
}

function renewAt(app: FastifyInstance, at: Date, provider: PaymentProvider = app.paymentProvider) {
  return runLocalRenewals(app.database.db, provider, { now: () => at.getTime() });
}

/** The user's charges that went through (the local provider's succeeded intents). */
async function charges(app: FastifyInstance, userId: number): Promise<number> {
  const rows = await app.database.db
    .select()
    .from(localPaymentIntents)
    .where(
      and(
        eq(localPaymentIntents.customerId, `cus_local_${userId}`),
        eq(localPaymentIntents.status, 'succeeded'),
      ),
    );
  return rows.length;
}

/** The provider with one method replaced; `real` is the provider's own. */
function replacing<K extends 'createPaymentIntent' | 'confirmPaymentIntent'>(
  provider: PaymentProvider,
  name: K,
  replacement: (
    real: PaymentProvider[K],
    ...args: Parameters<PaymentProvider[K]>
  ) => ReturnType<PaymentProvider[K]>,
): PaymentProvider {
  return new Proxy(provider, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown;
      const bound =
        typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      if (property !== name) return bound;
      return (...args: Parameters<PaymentProvider[K]>) => replacement(bound as PaymentProvider[K], ...args);
    },
  });
}

/** The process "dies" right after a charge went through: the job never records it. */
function dyingAfterCharge(provider: PaymentProvider): PaymentProvider {
  return replacing(provider, 'confirmPaymentIntent', async (confirm, intentId) => {
    await confirm(intentId);
    throw new Error('the process died after the charge');
  });
}

describeEachDatabase('local renewal job', (getApp) => {
  it('charges the saved card and extends the period by one billing period when it ends', async () => {
    const { id, periodEnd } = await subscribe(getApp(), 'standard-week-1');
    await renewAt(getApp(), new Date(periodEnd.getTime() + 1000));
    expect(await row(getApp(), id)).toMatchObject({
      status: 'active',
      isActive: true,
      currentPeriodEnd: new Date(periodEnd.getTime() + 7 * DAY),
    });
  });

  it('leaves a plan whose period has not ended alone', async () => {
    const { id, periodEnd } = await subscribe(getApp(), 'standard-week-1');
    await renewAt(getApp(), new Date(periodEnd.getTime() - 1000));
    expect((await row(getApp(), id)).currentPeriodEnd).toEqual(periodEnd);
  });

  it('ends a canceled plan when its period ends', async () => {
    const { id, periodEnd, post } = await subscribe(getApp(), 'standard-month-1');
    await post(`user_plans/${id}/cancel/`, {});
    await renewAt(getApp(), new Date(periodEnd.getTime() + 1000));
    expect(await row(getApp(), id)).toMatchObject({ status: 'expired', isActive: false });
  });

  it('marks a plan past_due when the renewal is declined, and ends it after the grace days', async () => {
    const { id, periodEnd, userId } = await subscribe(getApp(), 'standard-month-1');
    await getApp()
      .database.db.update(billingProfiles)
      .set({ paymentMethodId: 'pm_card_chargeDeclined' })
      .where(eq(billingProfiles.userId, userId));
    await renewAt(getApp(), new Date(periodEnd.getTime() + 1000));
    expect(await row(getApp(), id)).toMatchObject({ status: 'past_due', isActive: false });
    await renewAt(getApp(), new Date(periodEnd.getTime() + PAST_DUE_GRACE_DAYS * DAY + 1000));
    expect((await row(getApp(), id)).status).toBe('expired');
  });

  it('charges a period once when a second job (another instance) runs while the first is charging', async () => {
    const { id, periodEnd, userId } = await subscribe(getApp(), 'standard-week-1');
    const at = new Date(periodEnd.getTime() + 1000);
    let reached: () => void = () => undefined;
    const charging = new Promise<void>((resolve) => (reached = resolve));
    let open: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (open = resolve));
    // The first job stops just before its charge until the second job has run from start to end.
    const slow = replacing(getApp().paymentProvider, 'createPaymentIntent', async (create, intent) => {
      reached();
      await gate;
      return create(intent);
    });
    const first = renewAt(getApp(), at, slow);
    await charging;
    const second = await renewAt(getApp(), at);
    open();
    expect(await first).toMatchObject({ renewed: 1 });
    expect(second).toMatchObject({ renewed: 0, skipped: 1 });
    // The first purchase and one renewal.
    expect(await charges(getApp(), userId)).toBe(2);
    expect((await row(getApp(), id)).currentPeriodEnd).toEqual(new Date(periodEnd.getTime() + 7 * DAY));
  });

  it('charges a period once when a job died between the charge and its update, and the next run renews', async () => {
    const { id, periodEnd, userId } = await subscribe(getApp(), 'standard-week-1');
    const at = new Date(periodEnd.getTime() + 1000);
    expect(await renewAt(getApp(), at, dyingAfterCharge(getApp().paymentProvider))).toMatchObject({
      failed: 1,
    });
    expect(await charges(getApp(), userId)).toBe(2);
    expect(await renewAt(getApp(), new Date(at.getTime() + 60_000))).toMatchObject({ renewed: 1 });
    expect(await charges(getApp(), userId)).toBe(2);
    expect(await row(getApp(), id)).toMatchObject({
      status: 'active',
      currentPeriodEnd: new Date(periodEnd.getTime() + 7 * DAY),
      renewalClaimedUntil: null,
    });
  });

  it('leaves a plan claimed by a live job to it, and takes it over once the claim has lapsed', async () => {
    const { id, periodEnd, userId } = await subscribe(getApp(), 'standard-week-1');
    const at = new Date(periodEnd.getTime() + 1000);
    // Another instance holds the plan (it claimed it, then died before charging).
    await getApp()
      .database.db.update(userPlans)
      .set({ renewalClaimedUntil: new Date(at.getTime() + 5 * 60_000) })
      .where(eq(userPlans.id, id));
    expect(await renewAt(getApp(), at)).toMatchObject({ renewed: 0, skipped: 1 });
    expect(await charges(getApp(), userId)).toBe(1);
    expect(await renewAt(getApp(), new Date(at.getTime() + 6 * 60_000))).toMatchObject({ renewed: 1 });
    expect(await charges(getApp(), userId)).toBe(2);
  });

  it('does not renew twice when the job runs twice for the same moment', async () => {
    const { id, periodEnd } = await subscribe(getApp(), 'standard-week-1');
    const at = new Date(periodEnd.getTime() + 1000);
    await Promise.all([renewAt(getApp(), at), renewAt(getApp(), at)]);
    expect((await row(getApp(), id)).currentPeriodEnd).toEqual(new Date(periodEnd.getTime() + 7 * DAY));
  });

  it('records a renewal charged while the member cancels: the paid period runs, then the plan ends', async () => {
    const { id, periodEnd, userId, post } = await subscribe(getApp(), 'standard-week-1');
    const at = new Date(periodEnd.getTime() + 1000);
    let reached: () => void = () => undefined;
    const charging = new Promise<void>((resolve) => (reached = resolve));
    let open: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const held = replacing(getApp().paymentProvider, 'confirmPaymentIntent', async (confirm, intentId) => {
      reached();
      await gate;
      return confirm(intentId);
    });
    const renewal = renewAt(getApp(), at, held);
    await charging;
    // The renewal's charge is under way at the provider when the cancel lands.
    expect((await post(`user_plans/${id}/cancel/`, {})).statusCode).toBe(200);
    open();
    expect(await renewal).toMatchObject({ renewed: 1 });
    const nextEnd = new Date(periodEnd.getTime() + 7 * DAY);
    expect(await row(getApp(), id)).toMatchObject({
      status: 'canceled',
      cancelAtPeriodEnd: true,
      isActive: true,
      currentPeriodEnd: nextEnd,
      renewalClaimedUntil: null,
    });
    expect(await charges(getApp(), userId)).toBe(2);
    const history = await getApp().database.db.select().from(payments).where(eq(payments.userId, userId));
    expect(history.map((payment) => payment.status)).toEqual(['succeeded', 'succeeded']);
    expect(await renewAt(getApp(), new Date(at.getTime() + 60_000))).toMatchObject({ renewed: 0, ended: 0 });
    expect(await renewAt(getApp(), new Date(nextEnd.getTime() + 1000))).toMatchObject({ ended: 1 });
    expect(await row(getApp(), id)).toMatchObject({ status: 'expired', isActive: false });
  });

  it('counts a charge under way against the spending cap before renewing', async () => {
    const { id, userId, headers, post } = await subscribe(getApp(), 'standard-week-1');
    const cap = await getApp().inject({
      method: 'PUT',
      url: '/api/v1/memberships/spending-cap/',
      headers,
      payload: { monthly_cap: '40.00' },
    });
    expect(cap.statusCode).toBe(200);
    const [pack] = await getApp().database.db.select().from(plans).where(eq(plans.code, 'metered-200'));
    const created = await post('user_plans/payment_intent/create/', { plan_id: pack!.id });
    const { payment_intent_id } = created.json<PaymentIntent>();
    // The subscription's period is over now, so the renewal is due while the pack is being charged.
    const now = new Date();
    await getApp()
      .database.db.update(userPlans)
      .set({ currentPeriodEnd: new Date(now.getTime() - 60_000) })
      .where(eq(userPlans.id, id));
    const held = holdProviderCall(getApp().paymentProvider, 'confirmPaymentIntent');
    try {
      const confirming = post('user_plans/payment_intent/confirm/', { payment_intent_id });
      await held.reached;
      // $6.99 paid and $29.99 under way: a renewal of $6.99 would pass the cap of $40.00.
      expect(await renewAt(getApp(), now)).toMatchObject({ renewed: 0, ended: 1 });
      held.release();
      expect((await confirming).statusCode).toBe(200);
    } finally {
      held.release();
      held.restore();
    }
    const history = await getApp().database.db.select().from(payments).where(eq(payments.userId, userId));
    expect(history.map((payment) => payment.amountCents).sort((a, b) => a - b)).toEqual([699, 2999]);
    expect(await row(getApp(), id)).toMatchObject({ status: 'expired' });
  });
});
