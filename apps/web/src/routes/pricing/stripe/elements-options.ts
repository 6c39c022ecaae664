import type { StripeElementsOptions } from '@stripe/stripe-js';

const toCents = (amount: number) => Math.round(amount * 100);

/**
 * The Payment Element is shown before our API makes the intent, so it is told the charge to come (a free trial's
 * card check charges nothing: setup mode). The payment method is made in the page (`manual`) and our API confirms
 * the intent with it: Stripe's "finalize payments on the server" flow, the card flow of
 * docs/decisions.md#money-at-checkout.
 */
export function elementsOptions(amount: number, currency: string): StripeElementsOptions {
  const common = { currency: currency.toLowerCase(), paymentMethodCreation: 'manual' as const };
  return amount > 0 ? { mode: 'payment', amount: toCents(amount), ...common } : { mode: 'setup', ...common };
}
