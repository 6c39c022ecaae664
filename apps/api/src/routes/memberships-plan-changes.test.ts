import type { PaymentPage, UserPlan } from '@wingmate/api-contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { userPlans } from '../db/schema';
import { runLocalRenewals } from '../services/memberships/renewals';
import { testClock } from '../testing/sign-in';
import { describeEachDatabase } from '../testing/test-app';
import { buy, get, planId, post } from '../testing/memberships';

const DAY = 24 * 3600 * 1000;

function renewAt(app: FastifyInstance, at: Date) {
  return runLocalRenewals(app.database.db, app.paymentProvider, testClock(at.getTime()));
}

async function row(app: FastifyInstance, id: number) {
  const [found] = await app.database.db.select().from(userPlans).where(eq(userPlans.id, id));
  return found!;
}

describeEachDatabase('subscription resume, plan changes (docs/decisions.md#money-at-checkout)', (getApp) => {
  describe('resume (POST user_plans/{id}/resume/)', () => {
    it('undoes a cancel before the period ends: active again, renewing', async () => {
      const { headers, userPlan } = await buy(getApp(), 'standard-month-1');
      await post(getApp(), `user_plans/${userPlan.id}/cancel/`, headers);
      const response = await post(getApp(), `user_plans/${userPlan.id}/resume/`, headers);
      expect(response.statusCode).toBe(200);
      expect(response.json<UserPlan>()).toMatchObject({
        status: 'active',
        is_active: true,
        current_period_end: userPlan.current_period_end,
      });
      await renewAt(getApp(), new Date(new Date(userPlan.current_period_end!).getTime() + 1000));
      expect((await row(getApp(), userPlan.id)).status).toBe('active');
    });

    it('resumes a canceled free trial as trialing', async () => {
      const { headers, userPlan } = await buy(getApp(), 'standard-month-1-trial');
      await post(getApp(), `user_plans/${userPlan.id}/cancel/`, headers);
      const response = await post(getApp(), `user_plans/${userPlan.id}/resume/`, headers);
      expect(response.json<UserPlan>().status).toBe('trialing');
    });

    it('refuses a plan that is not canceled with 400', async () => {
      const { headers, userPlan } = await buy(getApp(), 'standard-month-1');
      const response = await post(getApp(), `user_plans/${userPlan.id}/resume/`, headers);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        non_field_errors: ['This plan is not canceled, so there is nothing to resume.'],
      });
    });

    it('refuses a plan whose period is over with 400', async () => {
      const { headers, userPlan } = await buy(getApp(), 'standard-month-1');
      await post(getApp(), `user_plans/${userPlan.id}/cancel/`, headers);
      await renewAt(getApp(), new Date(new Date(userPlan.current_period_end!).getTime() + 1000));
      const response = await post(getApp(), `user_plans/${userPlan.id}/resume/`, headers);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        non_field_errors: ['This plan has already ended; choose a plan to start again.'],
      });
    });

    it("answers 404 for another user's plan", async () => {
      const { userPlan } = await buy(getApp(), 'standard-month-1');
      const other = await buy(getApp(), 'standard-month-1');
      const response = await post(getApp(), `user_plans/${userPlan.id}/resume/`, other.headers);
      expect(response.statusCode).toBe(404);
    });
  });

  describe('plan change at period end (POST user_plans/{id}/update/ and update/cancel/)', () => {
    it('schedules the change: the plan and its period stay, nothing is charged now', async () => {
      const { headers, userPlan } = await buy(getApp(), 'standard-month-1');
      const premium = await planId(getApp(), 'premium-month-1');
      const response = await post(getApp(), `user_plans/${userPlan.id}/update/`, headers, {
        plan_id: premium,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json<UserPlan>()).toMatchObject({
        plan: { id: userPlan.plan.id },
        status: 'active',
        current_period_end: userPlan.current_period_end,
        scheduled_plan_id: premium,
        scheduled_change_at: userPlan.current_period_end,
      });
      expect((await get(getApp(), 'payments/', headers)).json<PaymentPage>().count).toBe(1);
    });

    it('lists a user plan with no change scheduled with null scheduled fields', async () => {
      const { userPlan } = await buy(getApp(), 'standard-month-1');
      expect(userPlan).toMatchObject({ scheduled_plan_id: null, scheduled_change_at: null });
    });

    it('switches at renewal and charges the new plan from then on', async () => {
      const { headers, userPlan } = await buy(getApp(), 'standard-month-1');
      const premium = await planId(getApp(), 'premium-month-1');
      await post(getApp(), `user_plans/${userPlan.id}/update/`, headers, { plan_id: premium });
      const periodEnd = new Date(userPlan.current_period_end!);
      await renewAt(getApp(), new Date(periodEnd.getTime() + 1000));
      expect(await row(getApp(), userPlan.id)).toMatchObject({
        planId: premium,
        status: 'active',
        scheduledPlanId: null,
        scheduledChangeAt: null,
        amountCents: 2999,
      });
      const history = (await get(getApp(), 'payments/', headers)).json<PaymentPage>();
      expect(history.results[0]).toMatchObject({
        amount: 29.99,
        description: 'Premium monthly renewal',
        plan_id: premium,
      });
    });

    it('undoes a scheduled change: the plan renews on its current plan', async () => {
      const { headers, userPlan } = await buy(getApp(), 'standard-month-1');
      await post(getApp(), `user_plans/${userPlan.id}/update/`, headers, {
        plan_id: await planId(getApp(), 'premium-month-1'),
      });
      const undone = await post(getApp(), `user_plans/${userPlan.id}/update/cancel/`, headers);
      expect(undone.statusCode).toBe(200);
      expect(undone.json<UserPlan>()).toMatchObject({ scheduled_plan_id: null, scheduled_change_at: null });
      await renewAt(getApp(), new Date(new Date(userPlan.current_period_end!).getTime() + 1000));
      expect((await row(getApp(), userPlan.id)).planId).toBe(userPlan.plan.id);
    });

    it('answers an undo with nothing scheduled with the plan as it is', async () => {
      const { headers, userPlan } = await buy(getApp(), 'standard-month-1');
      const response = await post(getApp(), `user_plans/${userPlan.id}/update/cancel/`, headers);
      expect(response.statusCode).toBe(200);
      expect(response.json<UserPlan>().scheduled_plan_id).toBeNull();
    });

    it('drops a scheduled change when the plan is canceled', async () => {
      const { headers, userPlan } = await buy(getApp(), 'standard-month-1');
      await post(getApp(), `user_plans/${userPlan.id}/update/`, headers, {
        plan_id: await planId(getApp(), 'premium-month-1'),
      });
      const canceled = await post(getApp(), `user_plans/${userPlan.id}/cancel/`, headers);
      expect(canceled.json<UserPlan>()).toMatchObject({ status: 'canceled', scheduled_plan_id: null });
    });

    it('refuses a change of a canceled plan until it is resumed', async () => {
      const { headers, userPlan } = await buy(getApp(), 'standard-month-1');
      await post(getApp(), `user_plans/${userPlan.id}/cancel/`, headers);
      const response = await post(getApp(), `user_plans/${userPlan.id}/update/`, headers, {
        plan_id: await planId(getApp(), 'premium-month-1'),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        non_field_errors: ['This plan is canceled: resume it before changing plans.'],
      });
    });

    it('refuses a message pack as the new plan with a field error on plan_id', async () => {
      const { headers, userPlan } = await buy(getApp(), 'standard-month-1');
      const response = await post(getApp(), `user_plans/${userPlan.id}/update/`, headers, {
        plan_id: await planId(getApp(), 'metered-50'),
      });
      expect(response.json()).toEqual({ plan_id: ['Choose a subscription plan.'] });
    });

    it('takes the current plan chosen again as undoing the scheduled change', async () => {
      const { headers, userPlan } = await buy(getApp(), 'standard-month-1');
      await post(getApp(), `user_plans/${userPlan.id}/update/`, headers, {
        plan_id: await planId(getApp(), 'premium-month-1'),
      });
      const response = await post(getApp(), `user_plans/${userPlan.id}/update/`, headers, {
        plan_id: userPlan.plan.id,
      });
      expect(response.json<UserPlan>().scheduled_plan_id).toBeNull();
    });

    it('converts a trial on the scheduled plan when the trial ends', async () => {
      const { headers, userPlan } = await buy(getApp(), 'standard-month-1-trial', 'pm_card_amex');
      const premium = await planId(getApp(), 'premium-month-1');
      const scheduled = await post(getApp(), `user_plans/${userPlan.id}/update/`, headers, {
        plan_id: premium,
      });
      expect(scheduled.json<UserPlan>().scheduled_change_at).toBe(userPlan.current_period_end);
      const trialEnd = new Date(userPlan.current_period_end!);
      await renewAt(getApp(), new Date(trialEnd.getTime() + DAY / 24));
      expect(await row(getApp(), userPlan.id)).toMatchObject({ planId: premium, status: 'active' });
      const history = (await get(getApp(), 'payments/', headers)).json<PaymentPage>();
      expect(history.results[0]).toMatchObject({
        amount: 29.99,
        description: 'Premium monthly (trial ended)',
      });
    });
  });
});
