import type { PlanFields, PlanList } from './plans';

/** A plan with the fields that matter to a case; the rest are neutral. */
export const plan = (fields: Partial<PlanFields>): PlanFields => ({
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

/** Per-period price and unit (docs/product.md#membership-plans). */
export const periodPriceCases: { name: string; plan: PlanFields; periodPrice: string; periodUnit: string }[] =
  [
    {
      name: 'a metered plan is priced per message, with two decimals',
      plan: plan({ plan_type: 'metered', billing_period: null, messages: 100, price: 9.99 }),
      periodPrice: '0.10',
      periodUnit: 'ea',
    },
    {
      name: 'a metered plan with billing_period "none" reads like null',
      plan: plan({ plan_type: 'metered', billing_period: 'none', messages: 50, price: 25 }),
      periodPrice: '0.50',
      periodUnit: 'ea',
    },
    {
      name: 'a whole per-period price has no decimals',
      plan: plan({ billing_period: 'MONTH', recurring: 12, price: 120 }),
      periodPrice: '10',
      periodUnit: 'mo',
    },
    {
      name: 'a weekly plan is priced per week',
      plan: plan({ billing_period: 'WEEK', recurring: 4, price: 19.96 }),
      periodPrice: '4.99',
      periodUnit: 'week',
    },
    {
      name: 'a yearly plan is priced per year',
      plan: plan({ plan_type: 'premium', billing_period: 'YEAR', recurring: 1, price: 99.99 }),
      periodPrice: '99.99',
      periodUnit: 'yr',
    },
    {
      name: 'a fraction is rounded to two decimals',
      plan: plan({ billing_period: 'MONTH', recurring: 3, price: 10 }),
      periodPrice: '3.33',
      periodUnit: 'mo',
    },
  ];

/** The three disabling rules, per list (docs/product.md#plan-disabling). */
export const disablingCases: { name: string; plan: PlanFields; list: PlanList; isDisabled: boolean }[] = [
  {
    name: 'regular: a standard MONTH plan with recurring 12 and no trial is disabled',
    plan: plan({ billing_period: 'MONTH', recurring: 12, trial_period_days: 0 }),
    list: 'regular',
    isDisabled: true,
  },
  {
    name: 'regular: the same plan with a trial is not',
    plan: plan({ billing_period: 'MONTH', recurring: 12, trial_period_days: 3 }),
    list: 'regular',
    isDisabled: false,
  },
  {
    name: 'regular: a premium MONTH plan with recurring 12 is not',
    plan: plan({ plan_type: 'premium', billing_period: 'MONTH', recurring: 12 }),
    list: 'regular',
    isDisabled: false,
  },
  {
    name: 'regular: a standard WEEK plan with recurring 1 and a trial is disabled',
    plan: plan({ billing_period: 'WEEK', recurring: 1, trial_period_days: 3 }),
    list: 'regular',
    isDisabled: true,
  },
  {
    name: 'regular: a standard WEEK plan with recurring 1 and no trial is not',
    plan: plan({ billing_period: 'WEEK', recurring: 1, trial_period_days: 0 }),
    list: 'regular',
    isDisabled: false,
  },
  {
    name: 'free trial: a standard WEEK plan with recurring 1 is disabled, trial or not',
    plan: plan({ billing_period: 'WEEK', recurring: 1, trial_period_days: 0 }),
    list: 'freeTrial',
    isDisabled: true,
  },
  {
    name: 'free trial: a standard WEEK plan with recurring 1 and a trial is disabled',
    plan: plan({ billing_period: 'WEEK', recurring: 1, trial_period_days: 7 }),
    list: 'freeTrial',
    isDisabled: true,
  },
  {
    name: 'free trial: a standard MONTH plan with recurring 12 and no trial is not',
    plan: plan({ billing_period: 'MONTH', recurring: 12, trial_period_days: 0 }),
    list: 'freeTrial',
    isDisabled: false,
  },
  {
    name: 'free trial: a standard WEEK plan with recurring 2 is not',
    plan: plan({ billing_period: 'WEEK', recurring: 2, trial_period_days: 7 }),
    list: 'freeTrial',
    isDisabled: false,
  },
];

/** Tags, as they apply (docs/product.md#membership-plans). */
export const tagCases: { name: string; plan: PlanFields; tags: string[] }[] = [
  { name: 'no tag for a plain plan', plan: plan({}), tags: [] },
  { name: 'a popular plan is "Most popular"', plan: plan({ popular: true }), tags: ['Most popular'] },
  { name: 'a discount is "Save N%"', plan: plan({ discount: 20 }), tags: ['Save 20%'] },
  { name: 'a trial is "N-day free trial"', plan: plan({ trial_period_days: 7 }), tags: ['7-day free trial'] },
  {
    name: 'all three together, in that order',
    plan: plan({ popular: true, discount: 15, trial_period_days: 3 }),
    tags: ['Most popular', 'Save 15%', '3-day free trial'],
  },
];
