import type { PlanFields } from '@wingmate/core-sdk';

/** The amounts `dynamic/create/` takes, in US dollars (api-contract). */
export const TOP_UP_MIN = 1;
export const TOP_UP_MAX = 500;

export interface MessageRate {
  /** The cheapest metered plan's price and messages: its per-message price is price / messages. */
  price: number;
  messages: number;
  currency: string;
}

const cents = (amount: number) => Math.round(amount * 100);

/** The cheapest per-message price among the listed metered plans, or null when there is none. */
export function cheapestMessageRate(
  plans: readonly (PlanFields & { currency: string })[],
): MessageRate | null {
  let best: MessageRate | null = null;
  for (const plan of plans) {
    if (plan.plan_type !== 'metered' || !plan.messages || plan.price <= 0) continue;
    if (!best || plan.price / plan.messages < best.price / best.messages)
      best = { price: plan.price, messages: plan.messages, currency: plan.currency };
  }
  return best;
}

/** floor(amount / per-message price), in cents as the server counts it (decisions.md, "Money"). */
export const messagesFor = (amount: number, rate: MessageRate) =>
  Math.floor((cents(amount) * rate.messages) / cents(rate.price));

/** What is wrong with a typed amount, or null when it can be paid. */
export function amountError(text: string): string | null {
  if (text.trim() === '') return 'Enter an amount.';
  if (!/^\d+(\.\d{1,2})?$/.test(text.trim())) return 'Enter an amount in dollars, such as 20 or 12.50.';
  const amount = Number(text);
  if (amount < TOP_UP_MIN || amount > TOP_UP_MAX)
    return `Enter an amount from $${TOP_UP_MIN} to $${TOP_UP_MAX}.`;
  return null;
}
