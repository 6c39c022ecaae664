import {
  currentUserPlan,
  nextVisibleChangeAt,
  markCancelled,
  planMessagesLeft,
  visibleUserPlans,
  type UserPlanFields,
} from './user-plans';

const NOW = Date.parse('2025-03-01T12:00:00.000Z');
const clock = { now: () => NOW };
const at = (msAgo: number) => new Date(NOW - msAgo).toISOString();

let nextId = 1;
const userPlan = (fields: Partial<UserPlanFields> & { plan_type?: string } = {}) => {
  const { plan_type = 'standard', ...rest } = fields;
  return {
    id: nextId++,
    plan: { plan_type },
    is_active: false,
    status: 'expired',
    complete: true,
    created_at: at(86_400_000),
    updated_at: at(86_400_000),
    remaining_messages: null,
    ...rest,
  };
};

describe('visibleUserPlans (docs/product.md#a-members-plans)', () => {
  it('shows an active non-metered plan', () => {
    const active = userPlan({ is_active: true, status: 'active' });
    expect(visibleUserPlans([active], clock)).toEqual([active]);
  });

  it('counts a trialing plan as active (docs/decisions.md#memberships-appsapi)', () => {
    const trialing = userPlan({ is_active: false, status: 'trialing' });
    expect(visibleUserPlans([trialing], clock)).toEqual([trialing]);
  });

  it('shows a plan with status canceled or cancelled, even when no longer active', () => {
    const canceled = userPlan({ status: 'canceled' });
    const cancelled = userPlan({ status: 'cancelled' });
    expect(visibleUserPlans([canceled, cancelled], clock)).toHaveLength(2);
  });

  it('hides metered plans', () => {
    expect(
      visibleUserPlans([userPlan({ plan_type: 'metered', is_active: true, status: 'active' })], clock),
    ).toEqual([]);
  });

  it('hides an expired plan', () => {
    expect(visibleUserPlans([userPlan({ status: 'expired' })], clock)).toEqual([]);
  });

  it('shows an incomplete plan created under 5,000 ms ago and updated within 50 ms of creation', () => {
    const pending = userPlan({
      status: 'incomplete',
      complete: false,
      created_at: at(4_999),
      updated_at: at(4_949),
    });
    expect(visibleUserPlans([pending], clock)).toEqual([pending]);
  });

  it('hides an incomplete plan created 5,000 ms ago', () => {
    const pending = userPlan({
      status: 'incomplete',
      complete: false,
      created_at: at(5_000),
      updated_at: at(5_000),
    });
    expect(visibleUserPlans([pending], clock)).toEqual([]);
  });

  it('hides an incomplete plan updated more than 50 ms after its creation', () => {
    const touched = userPlan({
      status: 'incomplete',
      complete: false,
      created_at: at(1_000),
      updated_at: at(949),
    });
    expect(visibleUserPlans([touched], clock)).toEqual([]);
  });

  it('sorts newest first', () => {
    const older = userPlan({ is_active: true, status: 'active', created_at: at(2_000_000) });
    const newer = userPlan({ is_active: true, status: 'active', created_at: at(1_000) });
    expect(visibleUserPlans([older, newer], clock)).toEqual([newer, older]);
  });
});

describe('currentUserPlan (docs/product.md#a-members-plans: the current plan is the first visible one)', () => {
  it('is the newest visible plan', () => {
    const older = userPlan({ status: 'canceled', created_at: at(2_000_000) });
    const newer = userPlan({ is_active: true, status: 'active', created_at: at(1_000_000) });
    const metered = userPlan({ plan_type: 'metered', is_active: true, status: 'active', created_at: at(10) });
    expect(currentUserPlan([older, metered, newer], clock)).toBe(newer);
  });

  it('is null without a visible plan', () => {
    expect(currentUserPlan([userPlan({ status: 'expired' })], clock)).toBeNull();
  });

  it('is never a plan whose payment is pending or was declined, though it is shown for its 5 s', () => {
    const running = userPlan({ is_active: true, status: 'active', created_at: at(2_000_000) });
    const pending = userPlan({
      status: 'incomplete',
      complete: false,
      created_at: at(1_000),
      updated_at: at(1_000),
    });
    expect(visibleUserPlans([running, pending], clock)).toEqual([pending, running]);
    expect(currentUserPlan([running, pending], clock)).toBe(running);
    expect(currentUserPlan([pending], clock)).toBeNull();
  });
});

describe('nextVisibleChangeAt (when a shown pending plan stops being shown)', () => {
  it("is the end of the first pending plan's 5 s, and null without one", () => {
    const pending = userPlan({
      status: 'incomplete',
      complete: false,
      created_at: at(1_000),
      updated_at: at(1_000),
    });
    const later = userPlan({
      status: 'incomplete',
      complete: false,
      created_at: at(500),
      updated_at: at(500),
    });
    const running = userPlan({ is_active: true, status: 'active', created_at: at(2_000_000) });
    expect(nextVisibleChangeAt([running, later, pending], clock)).toBe(clock.now() - 1_000 + 5_000);
    expect(nextVisibleChangeAt([running], clock)).toBeNull();
  });
});

describe('planMessagesLeft (the sum over active metered plans)', () => {
  it('adds remaining_messages of the active metered plans only', () => {
    const plans = [
      userPlan({ plan_type: 'metered', is_active: true, status: 'active', remaining_messages: 40 }),
      userPlan({ plan_type: 'metered', is_active: true, status: 'active', remaining_messages: 2 }),
      userPlan({ plan_type: 'metered', is_active: false, status: 'expired', remaining_messages: 100 }),
      userPlan({ plan_type: 'standard', is_active: true, status: 'active', remaining_messages: 7 }),
    ];
    expect(planMessagesLeft(plans)).toBe(42);
  });

  it('is 0 without plans', () => {
    expect(planMessagesLeft([])).toBe(0);
  });
});

describe('markCancelled (docs/product.md#a-members-plans: a cancel answered 404)', () => {
  it('sets is_active false and status "cancelled"', () => {
    expect(markCancelled(userPlan({ is_active: true, status: 'active' }))).toMatchObject({
      is_active: false,
      status: 'cancelled',
    });
  });
});
