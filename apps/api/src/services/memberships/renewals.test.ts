import type { PaymentConfirmation, PaymentIntent } from '@wingmate/api-contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { billingProfiles, plans, userPlans } from '../../db/schema';
import { bearer, signUpByEmail } from '../../testing/sign-in';
import { describeEachDatabase } from '../../testing/test-app';
import { PAST_DUE_GRACE_DAYS, runLocalRenewals } from './renewals';

const DAY = 24 * 3600 * 1000;

async function subscribe(app: FastifyInstance, code: string) {
  const tokens = await signUpByEmail(app);
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

function renewAt(app: FastifyInstance, at: Date) {
  return runLocalRenewals(app.database.db, app.paymentProvider, { now: () => at.getTime() });
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

  it('does not renew twice when the job runs twice for the same moment', async () => {
    const { id, periodEnd } = await subscribe(getApp(), 'standard-week-1');
    const at = new Date(periodEnd.getTime() + 1000);
    await Promise.all([renewAt(getApp(), at), renewAt(getApp(), at)]);
    expect((await row(getApp(), id)).currentPeriodEnd).toEqual(new Date(periodEnd.getTime() + 7 * DAY));
  });
});
