import { newIdempotencyKey } from '../http/idempotency-key';
import type { ResponseOf } from '../http/operation';
import type { MembershipsResource } from '../resources/memberships';
import { CardActionError, type CardEntryPort } from './card-entry-port';

export type PaymentIntent = ResponseOf<'createPaymentIntent'>;
export type DynamicPaymentIntent = ResponseOf<'createDynamicPaymentIntent'>;
export type PaymentConfirmation = ResponseOf<'confirmPaymentIntent'>;

/** The calls one card payment makes. */
export type PaymentCalls = Pick<
  MembershipsResource,
  | 'verifyCard'
  | 'updatePaymentMethod'
  | 'createPaymentIntent'
  | 'createDynamicPaymentIntent'
  | 'confirmPaymentIntent'
>;

/** Stands for the card already saved on the account: nothing to read from the form, nothing to save. */
export const SAVED_CARD = 'saved-card';

/** The card check before a free trial holds this much and releases it at once (docs/decisions.md#money-at-checkout). */
export const CARD_CHECK_AMOUNT = 1;

/**
 * The idempotency keys of one payment attempt (one card, one plan or amount): pressing the button again, or a
 * retry after a lost answer, sends the same keys, so the server answers what it did the first time and charges
 * once (docs/decisions.md#money-at-checkout).
 */
export interface AttemptKeys {
  card: string;
  create: string;
  confirm: string;
  confirmAfterAction: string;
}

export function newAttemptKeys(): AttemptKeys {
  const key = newIdempotencyKey;
  return { card: key(), create: key(), confirm: key(), confirmAfterAction: key() };
}

/** One attempt as the purchase's requests see it: the card's payment method id, the keys, the card form. */
export interface PaymentAttempt {
  paymentMethodId: string;
  keys: AttemptKeys;
  card: CardEntryPort;
}

/**
 * The payment did not finish (the confirmation's status is neither `succeeded` nor an error answer); its message
 * says so in words, as the card form's own failures do.
 */
export class PaymentNotCompleted extends CardActionError {
  override name = 'PaymentNotCompleted';
  constructor(readonly status: PaymentConfirmation['status']) {
    super(
      status === 'processing'
        ? 'Your bank is still processing the payment. Check your plans again in a minute.'
        : 'The payment was not completed. Nothing was charged; try again or use another card.',
    );
  }
}

/**
 * Saves the card for the charge; a trial's card is checked instead, which saves it too
 * (docs/decisions.md#memberships-appsapi). The card already saved (`SAVED_CARD`) needs neither.
 */
export async function saveCard(
  memberships: PaymentCalls,
  { paymentMethodId, keys }: PaymentAttempt,
  { trial }: { trial: boolean },
): Promise<void> {
  if (paymentMethodId === SAVED_CARD) return;
  if (trial) {
    await memberships.verifyCard(
      { payment_method_id: paymentMethodId, amount: CARD_CHECK_AMOUNT },
      { idempotencyKey: keys.card },
    );
  } else {
    await memberships.updatePaymentMethod(
      { payment_method_id: paymentMethodId },
      { idempotencyKey: keys.card },
    );
  }
}

/**
 * Settles an intent: `confirm/`, and when the bank asks for a step (3-D Secure) the card form runs it and the
 * intent is confirmed again. Anything but `succeeded` is reported, the plan left unpaid.
 */
export async function confirmIntent(
  memberships: PaymentCalls,
  intent: Pick<PaymentIntent, 'payment_intent_id' | 'client_secret'>,
  { card, keys }: PaymentAttempt,
): Promise<PaymentConfirmation> {
  const body = { payment_intent_id: intent.payment_intent_id };
  let confirmation = await memberships.confirmPaymentIntent(body, { idempotencyKey: keys.confirm });
  if (confirmation.status === 'requires_action') {
    await card.handleNextAction(intent.client_secret);
    confirmation = await memberships.confirmPaymentIntent(body, { idempotencyKey: keys.confirmAfterAction });
  }
  if (confirmation.status === 'succeeded') return confirmation;
  throw new PaymentNotCompleted(confirmation.status);
}
