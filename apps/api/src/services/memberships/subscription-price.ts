import type { SubscriptionPrice } from '../../adapters/payments/ports';
import type { PlanRow } from '../../db/schema';

/** What a subscription plan charges, in the payment port's words. */
export function subscriptionPrice(plan: PlanRow): SubscriptionPrice {
  return {
    code: plan.code,
    name: plan.name,
    amountCents: plan.priceCents,
    currency: plan.currency,
    interval: plan.billingPeriod ?? 'MONTH',
    intervalCount: plan.recurring,
  };
}
