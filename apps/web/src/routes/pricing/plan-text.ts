import { formatDate, numberFormat, type DerivedPlan, type PlanFields } from '@wingmate/core-sdk';

/** The plan fields the screens read (the contract's plan, as the SDK's rules see it). */
export type ShownPlan = PlanFields & { id: number; name?: string; currency: string };

/** `$9.99`, `$10.00`: money always with cents, in the plan's currency. */
export function formatMoney(amount: number, currency = 'usd'): string {
  const code = currency.toUpperCase();
  const symbol = CENT_CURRENCY_SYMBOLS[code];
  return (
    (symbol && withSymbol(amount, symbol)) ??
    numberFormat('en', { style: 'currency', currency: code }).format(amount)
  );
}

/**
 * The currencies we sell in, written as `Intl.NumberFormat('en', { style: 'currency' })` writes them (symbol first,
 * cents, commas between thousands). The first use of `Intl` on a page loads its locale data, 40-75 ms of main
 * thread in Chromium on a fast machine and four times that on a phone, which /pricing would pay in the task that
 * draws its plans; any other currency still goes through `Intl`.
 */
const CENT_CURRENCY_SYMBOLS: Record<string, string> = { USD: '$', EUR: '€', GBP: '£' };

function withSymbol(amount: number, symbol: string): string | null {
  // Intl rounds the number's shortest decimal form (1.005 is "1.005", so $1.01) half away from zero.
  const digits = String(Math.abs(amount));
  const match = /^(\d{1,12})(?:\.(\d+))?$/.exec(digits);
  if (!match) return null; // exponent form (tiny or huge amounts): Intl writes those
  const [, whole = '0', fraction = ''] = match;
  const cents =
    Number(whole) * 100 + Number(fraction.slice(0, 2).padEnd(2, '0')) + ((fraction[2] ?? '0') >= '5' ? 1 : 0);
  const grouped = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+$)/g, ',');
  // Negative amounts keep their sign even when they round to zero, as Intl's default does.
  const sign = amount < 0 || Object.is(amount, -0) ? '-' : '';
  return `${sign}${symbol}${grouped}.${String(cents % 100).padStart(2, '0')}`;
}

/**
 * `$0.20`, `$6.99`: the per-period price of docs/product.md#membership-plans (two decimals unless whole) with the
 * currency sign.
 */
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

/**
 * Why a disabled plan can't be bought (docs/product.md#plan-disabling: the rules live in core-sdk, this is the
 * wording).
 */
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
