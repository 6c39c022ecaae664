import { abTestProperties, memberStatusOf, planPropertyOf, type PlanHolding } from './funnel-user-properties';

describe('the user properties (docs/product.md#attribution-ab-tests-and-analytics)', () => {
  it.each([
    [{ signedIn: false, isMember: false, hasSubscription: false }, 'visitor'],
    [{ signedIn: true, isMember: false, hasSubscription: false }, 'unverified'],
    [{ signedIn: true, isMember: true, hasSubscription: false }, 'member'],
    [{ signedIn: true, isMember: true, hasSubscription: true }, 'subscriber'],
  ] as const)('member status of %p is %s', (facts, status) => {
    expect(memberStatusOf(facts)).toBe(status);
  });

  const held = (planType: PlanHolding['plan']['plan_type'], isActive = true, left: number | null = null) => ({
    is_active: isActive,
    remaining_messages: left,
    plan: { plan_type: planType },
  });

  it.each([
    [[], 'none'],
    [[held('metered', true, 0)], 'none'],
    [[held('metered', true, 4)], 'metered'],
    [[held('metered', true, 4), held('standard')], 'standard'],
    [[held('standard'), held('premium')], 'premium'],
    [[held('premium', false)], 'none'],
  ] as const)('plan of %j is %s', (plans, plan) => {
    expect(planPropertyOf(plans)).toBe(plan);
  });

  it('takes only the abtest_* values of the assignments', () => {
    expect(abTestProperties({ abtest_homepage: 'control', abtest_offer: 'trial', other: 'x' })).toEqual({
      abtest_homepage: 'control',
      abtest_offer: 'trial',
    });
  });
});
