import { disablingCases, periodPriceCases, plan, tagCases } from './plans.cases';
import { derivePlan, groupPlansByType, sortPlans } from './plans';

describe('derivePlan: per-period price and unit label (docs/product.md#membership-plans)', () => {
  it.each(periodPriceCases)('$name', ({ plan: given, periodPrice, periodUnit }) => {
    const derived = derivePlan(given, 'regular');
    expect(derived.periodPrice).toBe(periodPrice);
    expect(derived.periodUnit).toBe(periodUnit);
  });
});

describe('derivePlan: isDisabled by list (docs/product.md#plan-disabling)', () => {
  it.each(disablingCases)('$name', ({ plan: given, list, isDisabled }) => {
    expect(derivePlan(given, list).isDisabled).toBe(isDisabled);
  });
});

describe('derivePlan: tags (docs/product.md#membership-plans)', () => {
  it.each(tagCases)('$name', ({ plan: given, tags }) => {
    expect(derivePlan(given, 'regular').tags).toEqual(tags);
  });
});

describe('derivePlan: the other derived fields (docs/product.md#membership-plans)', () => {
  it('totalPrice is the price', () => {
    expect(derivePlan(plan({ price: 59.99, recurring: 6 }), 'regular').totalPrice).toBe(59.99);
  });

  it('isFreeTrial is true when trial_period_days > 0', () => {
    expect(derivePlan(plan({ trial_period_days: 3 }), 'freeTrial').isFreeTrial).toBe(true);
    expect(derivePlan(plan({ trial_period_days: 0 }), 'freeTrial').isFreeTrial).toBe(false);
  });

  it('discount is shown as savingPercent and popular as isMostPopular', () => {
    const derived = derivePlan(plan({ discount: 25, popular: true }), 'regular');
    expect(derived.savingPercent).toBe(25);
    expect(derived.isMostPopular).toBe(true);
  });

  it('keeps the plan fields it was given', () => {
    const given = { ...plan({}), id: 7, currency: 'usd' };
    expect(derivePlan(given, 'regular')).toMatchObject({ id: 7, currency: 'usd', price: 10 });
  });
});

describe('sortPlans (docs/product.md#plan-lists)', () => {
  it('sorts WEEK, MONTH, YEAR, then others, each by period count', () => {
    const plans = [
      plan({ billing_period: null, plan_type: 'metered', recurring: 0 }),
      plan({ billing_period: 'YEAR', recurring: 1 }),
      plan({ billing_period: 'MONTH', recurring: 12 }),
      plan({ billing_period: 'WEEK', recurring: 4 }),
      plan({ billing_period: 'MONTH', recurring: 1 }),
      plan({ billing_period: 'WEEK', recurring: 1 }),
    ];
    expect(sortPlans(plans).map((p) => `${p.billing_period}:${p.recurring}`)).toEqual([
      'WEEK:1',
      'WEEK:4',
      'MONTH:1',
      'MONTH:12',
      'YEAR:1',
      'null:0',
    ]);
  });

  it('leaves the given list as it was', () => {
    const plans = [plan({ billing_period: 'YEAR' }), plan({ billing_period: 'WEEK' })];
    sortPlans(plans);
    expect(plans[0]?.billing_period).toBe('YEAR');
  });
});

describe('groupPlansByType (docs/product.md#membership-plans)', () => {
  it('groups by plan_type, keeping the order within each group', () => {
    const plans = [
      plan({ plan_type: 'standard', recurring: 1 }),
      plan({ plan_type: 'metered', recurring: 0 }),
      plan({ plan_type: 'standard', recurring: 2 }),
      plan({ plan_type: 'premium', recurring: 1 }),
    ];
    const groups = groupPlansByType(plans);
    expect(Object.keys(groups)).toEqual(['standard', 'metered', 'premium']);
    expect(groups.standard?.map((p) => p.recurring)).toEqual([1, 2]);
  });
});
