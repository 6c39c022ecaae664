import type { Plan, UserPlan } from '@wingmate/api-contract';
import {
  billingApi,
  billingCall,
  heldReply,
  onePage,
  requestsTo,
  type BillingRoute,
} from './fake-billing-api';
import { createUserPlanActionsStore } from './user-plan-actions-store';

const now = Date.parse('2026-11-20T10:00:00.000Z');
const periodEnd = '2026-12-01T10:00:00.000Z';

const plan = (id: number, fields: Partial<Plan> = {}): Plan => ({
  id,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  plan_type: 'standard',
  recurring: 1,
  billing_period: 'MONTH',
  messages: null,
  price: 19.99,
  discount: 0,
  popular: false,
  trial_period_days: 0,
  currency: 'usd',
  ...fields,
});

const monthly = plan(1);
const premium = plan(2, { plan_type: 'premium', price: 29.99 });
const yearByMonths = plan(3, { recurring: 12 });
const pack = plan(4, { plan_type: 'metered', billing_period: null, messages: 50 });
const trial = plan(5, { trial_period_days: 3 });

const userPlan = (id: number, fields: Partial<UserPlan> = {}): UserPlan => ({
  id,
  plan: monthly,
  is_active: true,
  status: 'active',
  complete: true,
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
  remaining_messages: null,
  current_period_end: periodEnd,
  scheduled_plan_id: null,
  scheduled_change_at: null,
  ...fields,
});

function setup(userPlans: UserPlan[], routes: Record<string, BillingRoute> = {}) {
  let held = userPlans;
  const { client, requests } = billingApi({
    [billingCall('listUserPlans')]: () => onePage(held),
    [billingCall('listPlans')]: onePage([monthly, premium, yearByMonths, pack, trial]),
    ...routes,
  });
  const actions = createUserPlanActionsStore(client.plans, client.memberships, { clock: { now: () => now } });
  return {
    actions,
    plans: client.plans,
    requests,
    /** What the server holds from now on. */
    serve: (next: UserPlan[]) => (held = next),
  };
}

const noBody = { status: 200, data: {} };

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('cancelling a plan (docs/decisions.md#money-at-checkout)', () => {
  it("goes through the plan store, which keeps the server's record", async () => {
    const canceled = userPlan(3, { status: 'canceled' });
    const { actions, plans } = setup([userPlan(3)], {
      [billingCall('cancelUserPlan', { id: 3 })]: { status: 200, data: canceled },
    });
    await plans.loadUserPlans();
    await expect(actions.cancel(3)).resolves.toEqual(canceled);
    expect(plans.getState().userPlans.data).toEqual([canceled]);
    expect(actions.getState().byPlan[3]).toEqual({ running: null, error: null });
  });

  it('resolves the plan marked cancelled when the cancel answers 404', async () => {
    const { actions, plans } = setup([userPlan(3)]);
    await plans.loadUserPlans();
    await expect(actions.cancel(3)).resolves.toMatchObject({ is_active: false, status: 'cancelled' });
  });

  it('keeps any other failure on that plan alone, and resolves null', async () => {
    const { actions, plans } = setup([userPlan(3), userPlan(4)], {
      [billingCall('cancelUserPlan', { id: 3 })]: { status: 400, data: { detail: 'Cannot cancel.' } },
    });
    await plans.loadUserPlans();
    await expect(actions.cancel(3)).resolves.toBeNull();
    expect(actions.getState().byPlan[3]).toMatchObject({ running: null, error: { status: 400 } });
    expect(actions.getState().byPlan[4]).toBeUndefined();
  });
});

describe('resuming a canceled plan (docs/decisions.md#money-at-checkout)', () => {
  it('resumes, then loads the user plans again', async () => {
    const { actions, plans, requests, serve } = setup([userPlan(3, { status: 'canceled' })], {
      [billingCall('resumeUserPlan', { id: 3 })]: () => {
        serve([userPlan(3)]);
        return { status: 200, data: userPlan(3) };
      },
    });
    await plans.loadUserPlans();
    await expect(actions.resume(3)).resolves.toBe(true);
    expect(requestsTo(requests, billingCall('resumeUserPlan', { id: 3 }))).toHaveLength(1);
    expect(requestsTo(requests, billingCall('listUserPlans'))).toHaveLength(2);
    expect(plans.getState().userPlans.data[0]?.status).toBe('active');
  });

  it('says it is resuming while the call is on its way, and clears an earlier failure', async () => {
    let first = true;
    const held = heldReply({ status: 200, data: userPlan(3) });
    const { actions } = setup([userPlan(3, { status: 'canceled' })], {
      [billingCall('resumeUserPlan', { id: 3 })]: () => {
        if (!first) return held.route();
        first = false;
        return { status: 400, data: { detail: 'Too late.' } };
      },
    });
    await expect(actions.resume(3)).resolves.toBe(false);
    expect(actions.getState().byPlan[3]?.error).toMatchObject({ status: 400 });
    const resuming = actions.resume(3);
    expect(actions.getState().byPlan[3]).toEqual({ running: 'resume', error: null });
    held.release();
    await expect(resuming).resolves.toBe(true);
    expect(actions.getState().byPlan[3]?.running).toBeNull();
  });

  it('can resume only a canceled plan still running before its period ends, at the store clock', () => {
    const { actions } = setup([]);
    const canceled = userPlan(3, { status: 'canceled' });
    expect(actions.canResume(canceled)).toBe(true);
    expect(actions.canResume({ ...canceled, current_period_end: '2026-11-20T09:59:59.000Z' })).toBe(false);
    expect(actions.canResume({ ...canceled, current_period_end: null })).toBe(false);
    expect(actions.canResume({ ...canceled, is_active: false })).toBe(false);
    expect(actions.canResume(userPlan(4))).toBe(false);
  });
});

describe('changing plan at the period end (docs/decisions.md#money-at-checkout)', () => {
  it('schedules the change with the plan chosen, then loads the user plans again', async () => {
    const { actions, requests } = setup([userPlan(3)], {
      [billingCall('updateUserPlan', { id: 3 })]: noBody,
    });
    await expect(actions.changePlan(3, premium.id)).resolves.toBe(true);
    expect(requestsTo(requests, billingCall('updateUserPlan', { id: 3 }))[0]?.body).toEqual({
      plan_id: premium.id,
    });
    expect(requestsTo(requests, billingCall('listUserPlans'))).toHaveLength(1);
  });

  it('undoes a scheduled change, then loads the user plans again', async () => {
    const { actions, requests } = setup([userPlan(3)], {
      [billingCall('cancelPlanChange', { id: 3 })]: noBody,
    });
    await expect(actions.undoChange(3)).resolves.toBe(true);
    expect(requestsTo(requests, billingCall('cancelPlanChange', { id: 3 }))).toHaveLength(1);
    expect(requestsTo(requests, billingCall('listUserPlans'))).toHaveLength(1);
  });

  it('fails the change when the user plans cannot be loaded after it', async () => {
    const { actions } = setup([userPlan(3)], {
      [billingCall('updateUserPlan', { id: 3 })]: noBody,
      [billingCall('listUserPlans')]: { status: 400, data: { detail: 'Bad.' } },
    });
    await expect(actions.changePlan(3, premium.id)).resolves.toBe(false);
    expect(actions.getState().byPlan[3]?.error).toMatchObject({ status: 400 });
  });

  it('offers the subscriptions the rules allow: no packs, no disabled or free-trial plan, not its own', async () => {
    const { actions, plans } = setup([]);
    await plans.loadRegular();
    expect(actions.changeChoices(userPlan(3)).map((choice) => choice.id)).toEqual([premium.id]);
  });

  it('can change or cancel a running plan only, never a canceled or unpaid one', () => {
    const { actions } = setup([]);
    expect(actions.canChangeOrCancel(userPlan(3))).toBe(true);
    expect(actions.canChangeOrCancel(userPlan(3, { status: 'trialing', is_active: false }))).toBe(true);
    expect(actions.canChangeOrCancel(userPlan(3, { status: 'canceled' }))).toBe(false);
    expect(actions.canChangeOrCancel(userPlan(3, { complete: false }))).toBe(false);
  });
});
