import { ApiError } from '../errors/api-error';
import type { PlanFields } from '../domain/plans';
import type { UserPlanFields } from '../domain/user-plans';
import { createPlanStore, type PlanSource } from './plan-store';

type Plan = PlanFields & { id: number };
type UserPlan = UserPlanFields & { id: number };

const plan = (id: number, fields: Partial<Plan> = {}): Plan => ({
  id,
  plan_type: 'standard',
  recurring: 1,
  billing_period: 'MONTH',
  messages: null,
  price: 10,
  discount: 0,
  popular: false,
  trial_period_days: 0,
  ...fields,
});

const userPlan = (id: number, fields: Partial<UserPlan> = {}): UserPlan => ({
  id,
  plan: { plan_type: 'standard' },
  is_active: true,
  status: 'active',
  complete: true,
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
  remaining_messages: null,
  ...fields,
});

const serverError = () => new ApiError({ status: 500, message: 'The server responded with a status of 500' });

function source(overrides: Partial<PlanSource<Plan, UserPlan>> = {}) {
  return {
    allPlans: jest.fn(() => Promise.resolve([plan(1)])),
    allFreeTrialPlans: jest.fn(() => Promise.resolve([plan(2, { trial_period_days: 3 })])),
    allUserPlans: jest.fn(() => Promise.resolve([userPlan(10)])),
    cancelUserPlan: jest.fn((id: number) => Promise.resolve(userPlan(id, { status: 'canceled' }))),
    ...overrides,
  };
}

/** A promise's outcome, observed without awaiting it. */
function track<T>(promise: Promise<T>) {
  const state: { settled: boolean; value?: T; error?: unknown } = { settled: false };
  promise.then(
    (value) => Object.assign(state, { settled: true, value }),
    (error: unknown) => Object.assign(state, { settled: true, error }),
  );
  return state;
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('plan lists load on demand (docs/product.md#plan-lists)', () => {
  it('goes from idle to loading to success with the plans', async () => {
    const store = createPlanStore(source());
    expect(store.getState().regular.status).toBe('idle');
    const loading = store.loadRegular();
    expect(store.getState().regular.status).toBe('loading');
    await loading;
    expect(store.getState().regular).toMatchObject({ status: 'success', error: null });
    expect(store.getState().regular.data.map((p) => p.id)).toEqual([1]);
  });

  it('keeps regular plans derived for the regular list and sorted (docs/product.md#plan-lists)', async () => {
    const store = createPlanStore(
      source({
        allPlans: () =>
          Promise.resolve([
            plan(1, { billing_period: 'YEAR' }),
            plan(2, { billing_period: 'MONTH', recurring: 12 }),
            plan(3, { billing_period: 'WEEK' }),
          ]),
      }),
    );
    const plans = await store.loadRegular();
    expect(plans.map((p) => p.id)).toEqual([3, 2, 1]);
    expect(plans.find((p) => p.id === 2)).toMatchObject({
      isDisabled: true,
      periodPrice: '0.83',
      periodUnit: 'mo',
    });
  });

  it('derives free-trial plans with the free-trial rules (docs/product.md#plan-disabling)', async () => {
    const store = createPlanStore(
      source({
        allFreeTrialPlans: () =>
          Promise.resolve([plan(5, { billing_period: 'WEEK', recurring: 1, trial_period_days: 0 })]),
      }),
    );
    const [only] = await store.loadFreeTrial();
    expect(only?.isDisabled).toBe(true);
  });

  it('loads the user plans', async () => {
    const store = createPlanStore(source());
    await expect(store.loadUserPlans()).resolves.toEqual([userPlan(10)]);
    expect(store.getState().userPlans.status).toBe('success');
  });
});

describe('concurrent plan requests share one load (docs/product.md#plan-lists)', () => {
  it('fetches once for concurrent callers, who all resolve together', async () => {
    let resolve!: (plans: Plan[]) => void;
    const allPlans = jest.fn(() => new Promise<Plan[]>((r) => (resolve = r)));
    const store = createPlanStore(source({ allPlans }));
    const waiters = [store.loadRegular(), store.loadRegular(), store.loadRegular()].map(track);
    await jest.advanceTimersByTimeAsync(0);
    expect(waiters.some((w) => w.settled)).toBe(false);
    resolve([plan(1)]);
    await jest.advanceTimersByTimeAsync(0);
    expect(allPlans).toHaveBeenCalledTimes(1);
    expect(waiters.every((w) => w.settled && w.value?.[0]?.id === 1)).toBe(true);
  });

  it('loads again once the previous load has settled', async () => {
    const store = createPlanStore(source());
    await store.loadUserPlans();
    await store.loadUserPlans();
    expect(store.getState().userPlans.status).toBe('success');
  });
});

describe('plan fetch retry (docs/product.md#plan-lists)', () => {
  it('retries a failed plan fetch after 500 ms', async () => {
    const allPlans = jest
      .fn()
      .mockRejectedValueOnce(serverError())
      .mockResolvedValue([plan(1)]);
    const store = createPlanStore(source({ allPlans }));
    const load = track(store.loadRegular());
    await jest.advanceTimersByTimeAsync(499);
    expect(allPlans).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(allPlans).toHaveBeenCalledTimes(2);
    await jest.advanceTimersByTimeAsync(0);
    expect(load.value?.map((p) => p.id)).toEqual([1]);
  });

  it('doubles the delay after each failure: 500, 1000, 2000, 4000 ms', async () => {
    const start = Date.now();
    const triedAt: number[] = [];
    const allPlans = jest.fn((): Promise<Plan[]> => {
      triedAt.push(Date.now() - start);
      return Promise.reject(serverError());
    });
    const store = createPlanStore(source({ allPlans }));
    track(store.loadRegular());
    await jest.advanceTimersByTimeAsync(60_000);
    expect(triedAt).toEqual([0, 500, 1_500, 3_500, 7_500]);
  });

  it('gives up after 5 tries, rejecting every waiter together with the last error', async () => {
    const allPlans = jest.fn((): Promise<Plan[]> => Promise.reject(serverError()));
    const store = createPlanStore(source({ allPlans }));
    const waiters = [store.loadRegular(), store.loadRegular()].map(track);
    await jest.advanceTimersByTimeAsync(7_499);
    expect(waiters.some((w) => w.settled)).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    expect(allPlans).toHaveBeenCalledTimes(5);
    expect(waiters.every((w) => w.settled && (w.error as ApiError).status === 500)).toBe(true);
    await jest.advanceTimersByTimeAsync(60_000);
    expect(allPlans).toHaveBeenCalledTimes(5);
    expect(store.getState().regular).toMatchObject({ status: 'failure', error: { status: 500 } });
  });

  it('rejects an unauthorized user-plan load with "Unauthorized" and does not retry', async () => {
    const allUserPlans = jest.fn((): Promise<UserPlan[]> =>
      Promise.reject(new ApiError({ status: 401, message: 'JSON token parse is wrong.' })),
    );
    const store = createPlanStore(source({ allUserPlans }));
    const load = track(store.loadUserPlans());
    await jest.advanceTimersByTimeAsync(10_000);
    expect((load.error as ApiError).message).toBe('Unauthorized');
    expect(allUserPlans).toHaveBeenCalledTimes(1);
  });

  it('treats a 403 (no token held) as unauthorized too', async () => {
    const allUserPlans = jest.fn((): Promise<UserPlan[]> =>
      Promise.reject(new ApiError({ status: 403, message: 'Authentication credentials were not provided.' })),
    );
    const store = createPlanStore(source({ allUserPlans }));
    await expect(store.loadUserPlans()).rejects.toMatchObject({ message: 'Unauthorized', status: 403 });
    expect(allUserPlans).toHaveBeenCalledTimes(1);
  });
});

describe('cancelling a user plan (docs/product.md#a-members-plans)', () => {
  it("replaces the record with the server's after a successful cancel", async () => {
    const store = createPlanStore(
      source({ allUserPlans: () => Promise.resolve([userPlan(10), userPlan(11)]) }),
    );
    await store.loadUserPlans();
    await store.cancelUserPlan(10);
    expect(store.getState().userPlans.data).toEqual([userPlan(10, { status: 'canceled' }), userPlan(11)]);
  });

  it('marks the plan is_active false with status "cancelled" when the cancel answers 404', async () => {
    const cancelUserPlan = jest.fn((): Promise<UserPlan> =>
      Promise.reject(new ApiError({ status: 404, message: 'Not found.' })),
    );
    const store = createPlanStore(source({ cancelUserPlan }));
    await store.loadUserPlans();
    await expect(store.cancelUserPlan(10)).resolves.toMatchObject({ is_active: false, status: 'cancelled' });
    expect(store.getState().userPlans.data[0]).toMatchObject({
      id: 10,
      is_active: false,
      status: 'cancelled',
    });
  });

  it('passes other cancel failures on and keeps the record', async () => {
    const cancelUserPlan = jest.fn((): Promise<UserPlan> => Promise.reject(serverError()));
    const store = createPlanStore(source({ cancelUserPlan }));
    await store.loadUserPlans();
    await expect(store.cancelUserPlan(10)).rejects.toMatchObject({ status: 500 });
    expect(store.getState().userPlans.data[0]).toEqual(userPlan(10));
  });
});

describe('user plan readings at the store clock (docs/product.md#a-members-plans)', () => {
  it('answers the visible plans, the current plan (never a pending one) and the remaining messages', async () => {
    const now = Date.parse('2025-03-01T00:00:00.000Z');
    const store = createPlanStore(
      source({
        allUserPlans: () =>
          Promise.resolve([
            userPlan(1, { created_at: '2025-02-01T00:00:00.000Z' }),
            userPlan(2, { plan: { plan_type: 'metered' }, remaining_messages: 30 }),
            userPlan(3, {
              status: 'incomplete',
              is_active: false,
              complete: false,
              created_at: new Date(now - 1_000).toISOString(),
              updated_at: new Date(now - 1_000).toISOString(),
            }),
          ]),
      }),
      { clock: { now: () => now } },
    );
    await store.loadUserPlans();
    expect(store.visibleUserPlans().map((p) => p.id)).toEqual([3, 1]);
    // The pending plan is shown, but the current plan is the running one; the list changes when its 5 s end.
    expect(store.currentUserPlan()?.id).toBe(1);
    expect(store.nextVisibleChangeAt()).toBe(now + 4_000);
    expect(store.planMessagesLeft()).toBe(30);
  });
});

describe('message packs used (docs/product.md#messages-and-metering)', () => {
  it('counts the messages bought and left over the active packs only', async () => {
    const pack = (id: number, messages: number, fields: Partial<UserPlan> = {}) =>
      userPlan(id, { plan: { plan_type: 'metered', messages } as UserPlan['plan'], ...fields });
    const store = createPlanStore(
      source({
        allUserPlans: () =>
          Promise.resolve([
            pack(1, 50, { remaining_messages: 10 }),
            pack(2, 200, { remaining_messages: 200 }),
            pack(3, 100, { is_active: false, status: 'expired', remaining_messages: 100 }),
            userPlan(4),
          ]),
      }),
    );
    await store.loadUserPlans();
    expect(store.packUsage()).toEqual({ bought: 250, left: 210 });
  });
});
