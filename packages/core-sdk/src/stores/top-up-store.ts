import type { PlanFields } from '../domain/plans';
import {
  createCardPaymentStore,
  type CardPaymentOptions,
  type CardPaymentSource,
  type CardPaymentStore,
} from './card-payment-store';
import { confirmIntent, saveCard, type DynamicPaymentIntent, type PaymentCalls } from './payment-attempt';

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

/** floor(amount / per-message price), in cents as the server counts it (docs/decisions.md#memberships-appsapi). */
export const messagesFor = (amount: number, rate: MessageRate) =>
  Math.floor((cents(amount) * rate.messages) / cents(rate.price));

/** What is wrong with a typed amount: none given, not dollars and cents, or outside TOP_UP_MIN..TOP_UP_MAX. */
export type TopUpAmountProblem = 'missing' | 'not_dollars' | 'out_of_range';

/** What keeps a typed amount from being paid, or null when it can be; the screen words it. */
export function topUpAmountProblem(text: string): TopUpAmountProblem | null {
  const trimmed = text.trim();
  if (trimmed === '') return 'missing';
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return 'not_dollars';
  const amount = Number(trimmed);
  if (amount < TOP_UP_MIN || amount > TOP_UP_MAX) return 'out_of_range';
  return null;
}

/** An amount of US dollars to buy messages with. */
export interface TopUpPurchase {
  amount: number;
}

export type TopUpSource = CardPaymentSource & { memberships: PaymentCalls };

export type TopUpStore = CardPaymentStore<TopUpPurchase, DynamicPaymentIntent>;

/**
 * A top-up (docs/decisions.md#memberships-appsapi): the card saved, a dynamic intent for the amount, then
 * confirmed as a plan's is, through a 3-D Secure step of the `CardEntryPort` if the bank asks for one.
 */
export function createTopUpStore(source: TopUpSource, options?: CardPaymentOptions): TopUpStore {
  const { memberships } = source;
  return createCardPaymentStore<TopUpPurchase, DynamicPaymentIntent>(
    source,
    {
      scope: ({ amount }) => `top-up:${amount}`,
      async run({ amount }, attempt) {
        await saveCard(memberships, attempt, { trial: false });
        const intent = await memberships.createDynamicPaymentIntent(
          { amount },
          { idempotencyKey: attempt.keys.create },
        );
        await confirmIntent(memberships, intent, attempt);
        return intent;
      },
    },
    options,
  );
}
