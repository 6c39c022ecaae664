import {
  createCardPaymentStore,
  type CardPaymentOptions,
  type CardPaymentSource,
  type CardPaymentStore,
} from './card-payment-store';
import {
  confirmIntent,
  saveCard,
  type PaymentCalls,
  type PaymentConfirmation,
  type PaymentIntent,
} from './payment-attempt';

/** A plan bought at checkout: its id, the running offer sent as `offer_id`, and whether it starts a free trial. */
export interface PlanPurchase {
  planId: number;
  offerId?: number;
  /** A trial's card is checked (`verify-card/`) rather than saved, and the saved card is never used for it. */
  trial: boolean;
}

export interface PlanPaid {
  intent: PaymentIntent;
  confirmation: PaymentConfirmation;
}

export type CheckoutSource = CardPaymentSource & { memberships: PaymentCalls };

export type CheckoutStore = CardPaymentStore<PlanPurchase, PlanPaid>;

/**
 * One plan checkout (docs/decisions.md#money-at-checkout): the card saved (or checked, for a trial), the intent
 * created for the plan and its offer, then confirmed, through a 3-D Secure step of the `CardEntryPort` if the
 * bank asks for one.
 */
export function createCheckoutStore(source: CheckoutSource, options?: CardPaymentOptions): CheckoutStore {
  const { memberships } = source;
  return createCardPaymentStore<PlanPurchase, PlanPaid>(
    source,
    {
      scope: ({ planId, offerId }) => `plan:${planId}:${offerId ?? ''}`,
      async run({ planId, offerId, trial }, attempt) {
        await saveCard(memberships, attempt, { trial });
        const intent = await memberships.createPaymentIntent(
          { plan_id: planId, ...(offerId !== undefined ? { offer_id: offerId } : {}) },
          { idempotencyKey: attempt.keys.create },
        );
        return { intent, confirmation: await confirmIntent(memberships, intent, attempt) };
      },
    },
    options,
  );
}
