import { formatDate, type DerivedPlan, type PlanFields } from '@wingmate/core-sdk';

/** The plan fields the screens read (the contract's plan, as the SDK's rules see it). */
export type ShownPlan = PlanFields & { id: number; name?: string; currency: string };

/** `$9.99`, `$10.00`: money always with cents, in the plan's currency. */
export function formatMoney(amount: number, currency = 'usd'): string {
  return moneyFormatter(currency.toUpperCase()).format(amount);
}

// Making an `Intl.NumberFormat` is the slow part (the locale's and currency's data are resolved each time): the
// pricing page formats a dozen prices per render, so each currency's formatter is made once.
const moneyFormatters = new Map<string, Intl.NumberFormat>();

function moneyFormatter(currency: string): Intl.NumberFormat {
  let formatter = moneyFormatters.get(currency);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en', { style: 'currency', currency });
    moneyFormatters.set(currency, formatter);
  }
  return formatter;
}

/** `$0.20`, `$6.99`: the per-period price of spec 3 (two decimals unless whole) with the currency sign. */
export function formatPeriodPrice(plan: DerivedPlan<ShownPlan>): string {
  const symbol = formatMoney(0, plan.currency).replace(/[\d.,\s]/g, '');
  return `${symbol}${plan.periodPrice}`;
}

const typeNames: Record<string, string> = {
  metered: 'Message packs',
  standard: 'Standard',
  premium: 'Premium',
};

/** The heading of a plan type's group. */
export const planTypeName = (type: string) => typeNames[type] ?? type.charAt(0).toUpperCase() + type.slice(1);

const periodWords: Record<string, [string, string]> = {
  WEEK: ['week', 'weeks'],
  MONTH: ['month', 'months'],
  YEAR: ['year', 'years'],
};

/** `month`, `3 months`: how long one payment lasts. */
export function periodLength(plan: PlanFields): string {
  const words = periodWords[plan.billing_period ?? ''];
  if (!words) return '';
  return plan.recurring === 1 ? words[0] : `${plan.recurring} ${words[1]}`;
}

export const isMeteredPlan = (plan: PlanFields) => plan.plan_type === 'metered';

/** The plan's name as the catalogue gives it, else one made from its fields. */
export function planName(plan: ShownPlan): string {
  if (plan.name) return plan.name;
  if (isMeteredPlan(plan)) return `${plan.messages ?? 0} messages`;
  return `${planTypeName(plan.plan_type)}, every ${periodLength(plan)}`;
}

/** `$29.99 for 200 messages`, `$49.99 every 3 months`: what one payment buys. */
export function totalLine(plan: ShownPlan, price = plan.price): string {
  const money = formatMoney(price, plan.currency);
  if (isMeteredPlan(plan)) return `${money} for ${plan.messages ?? 0} messages`;
  return `${money} every ${periodLength(plan)}`;
}

/**
 * An offer's price in words: the discount is on the first charge only (for a trial, the one when it ends), so a
 * subscription says what follows it.
 */
export function offerLine(plan: ShownPlan, price: number): string {
  if (isMeteredPlan(plan)) return `Offer: ${totalLine(plan, price)}`;
  const after = (plan.trial_period_days ?? 0) > 0 ? ' after the trial' : '';
  return `Offer: ${formatMoney(price, plan.currency)} for the first ${periodLength(plan)}${after}, then ${totalLine(plan)}`;
}

/** Why a disabled plan can't be bought (spec 4, "Plan disabling": the rules live in core-sdk, this is the wording). */
export const DISABLED_PLAN_REASON = 'Not available to buy right now.';

/** The price after an offer's percent off, to the cent. */
export const offerPrice = (price: number, discountPercent: number) =>
  Math.round(price * (100 - discountPercent)) / 100;

/** `Dec 1, 2026`. */
export const formatDay = (value: string | number | Date) => formatDate(value);

/** When a trial that starts at `startMs` ends and the first payment is taken. */
export function trialEndsAt(plan: PlanFields, startMs: number): Date {
  return new Date(startMs + (plan.trial_period_days ?? 0) * 24 * 60 * 60 * 1000);
}
