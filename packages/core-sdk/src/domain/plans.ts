/** The fields of a membership plan the client derives from (docs/product.md#membership-plans). */
export interface PlanFields {
  plan_type: string;
  recurring: number;
  /** WEEK, MONTH, YEAR; null or "none" for metered plans, read alike (docs/product.md#membership-plans). */
  billing_period: string | null;
  messages: number | null;
  price: number;
  discount: number | null;
  popular: boolean;
  trial_period_days: number | null;
}

/** Which list a plan is shown in: the disabling rules differ (docs/product.md#plan-disabling). */
export type PlanList = 'regular' | 'freeTrial';

export type PeriodUnit = 'ea' | 'week' | 'mo' | 'yr' | '';

export interface DerivedPlanFields {
  /**
   * Price per message (metered) or per billing period, with two decimals unless whole
   * (docs/product.md#membership-plans).
   */
  periodPrice: string;
  periodUnit: PeriodUnit;
  totalPrice: number;
  isFreeTrial: boolean;
  isDisabled: boolean;
  tags: string[];
  savingPercent: number;
  isMostPopular: boolean;
}

export type DerivedPlan<P extends PlanFields = PlanFields> = P & DerivedPlanFields;

const unitByPeriod: Record<string, PeriodUnit> = { WEEK: 'week', MONTH: 'mo', YEAR: 'yr' };

const isMetered = (plan: PlanFields) => plan.plan_type === 'metered';

export function periodUnit(plan: PlanFields): PeriodUnit {
  if (isMetered(plan)) return 'ea';
  return unitByPeriod[plan.billing_period ?? 'none'] ?? '';
}

/** `10` for a whole amount, `9.99` otherwise (docs/product.md#membership-plans). */
export function formatAmount(amount: number): string {
  return Number.isInteger(amount) ? String(amount) : amount.toFixed(2);
}

export function periodPrice(plan: PlanFields): string {
  const periods = isMetered(plan) ? plan.messages : plan.recurring;
  return formatAmount(periods ? plan.price / periods : plan.price);
}

const isFreeTrial = (plan: PlanFields) => (plan.trial_period_days ?? 0) > 0;

const isStandard = (plan: PlanFields, period: string, recurring: number) =>
  plan.plan_type === 'standard' && plan.billing_period === period && plan.recurring === recurring;

/** The three disabling rules, by list (docs/product.md#plan-disabling). */
export function isPlanDisabled(plan: PlanFields, list: PlanList): boolean {
  if (list === 'freeTrial') return isStandard(plan, 'WEEK', 1);
  return (
    (isStandard(plan, 'MONTH', 12) && !isFreeTrial(plan)) ||
    (isStandard(plan, 'WEEK', 1) && isFreeTrial(plan))
  );
}

/** "Most popular", "Save N%", "N-day free trial", as they apply (docs/product.md#membership-plans). */
export function planTags(plan: PlanFields): string[] {
  const tags: string[] = [];
  if (plan.popular) tags.push('Most popular');
  if ((plan.discount ?? 0) > 0) tags.push(`Save ${Math.round(plan.discount ?? 0)}%`);
  if (isFreeTrial(plan)) tags.push(`${plan.trial_period_days}-day free trial`);
  return tags;
}

export function derivePlan<P extends PlanFields>(plan: P, list: PlanList): DerivedPlan<P> {
  return {
    ...plan,
    periodPrice: periodPrice(plan),
    periodUnit: periodUnit(plan),
    totalPrice: plan.price,
    isFreeTrial: isFreeTrial(plan),
    isDisabled: isPlanDisabled(plan, list),
    tags: planTags(plan),
    savingPercent: plan.discount ?? 0,
    isMostPopular: plan.popular,
  };
}

const periodOrder = ['WEEK', 'MONTH', 'YEAR'];
const periodRank = (plan: PlanFields) => {
  const rank = periodOrder.indexOf(plan.billing_period ?? 'none');
  return rank === -1 ? periodOrder.length : rank;
};

/**
 * By billing period (WEEK, MONTH, YEAR, others last), then by period count (docs/product.md#plan-lists). A new
 * array.
 */
export function sortPlans<P extends PlanFields>(plans: readonly P[]): P[] {
  return [...plans].sort((a, b) => periodRank(a) - periodRank(b) || a.recurring - b.recurring);
}

/** Plans by `plan_type`, each group keeping the order it was given. */
export function groupPlansByType<P extends PlanFields>(plans: readonly P[]): Record<string, P[]> {
  const groups: Record<string, P[]> = {};
  for (const plan of plans) (groups[plan.plan_type] ??= []).push(plan);
  return groups;
}
