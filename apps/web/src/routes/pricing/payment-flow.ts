import { newIdempotencyKey } from '@wingmate/core-sdk';
import type { ResponseOf, WingmateClient } from '@wingmate/core-sdk';
import { CardActionError, type CardEntryHandle } from './card-entry';

/** Stands for the card already saved on the account: nothing to read from the form, nothing to save. */
export const SAVED_CARD = 'saved-card';

type Memberships = WingmateClient['memberships'];
export type PaymentIntent = ResponseOf<'createPaymentIntent'>;
export type DynamicPaymentIntent = ResponseOf<'createDynamicPaymentIntent'>;
export type PaymentConfirmation = ResponseOf<'confirmPaymentIntent'>;

/** The card check before a free trial holds this much and releases it at once (decisions.md, "Money"). */
export const CARD_CHECK_AMOUNT = 1;

/**
 * The idempotency keys of one payment attempt (one card, one plan or amount): pressing the button again, or a
 * retry after a lost answer, sends the same keys, so the server answers what it did the first time and charges
 * once (decisions.md, "One Idempotency-Key per user intent").
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

/** What the card's payment did not finish with, in words. */
export class PaymentNotCompleted extends CardActionError {}

/**
 * Saves the card for the charge; a trial's card is checked instead, which saves it too (decisions.md). The card
 * already saved (`SAVED_CARD`) needs neither.
 */
export async function saveCard(
  memberships: Memberships,
  paymentMethodId: string,
  { trial, keys }: { trial: boolean; keys: AttemptKeys },
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
  memberships: Memberships,
  intent: Pick<PaymentIntent, 'payment_intent_id' | 'client_secret'>,
  card: Pick<CardEntryHandle, 'handleNextAction'>,
  keys: AttemptKeys,
): Promise<PaymentConfirmation> {
  const body = { payment_intent_id: intent.payment_intent_id };
  let confirmation = await memberships.confirmPaymentIntent(body, { idempotencyKey: keys.confirm });
  if (confirmation.status === 'requires_action') {
    await card.handleNextAction(intent.client_secret);
    confirmation = await memberships.confirmPaymentIntent(body, { idempotencyKey: keys.confirmAfterAction });
  }
  if (confirmation.status === 'succeeded') return confirmation;
  if (confirmation.status === 'processing')
    throw new PaymentNotCompleted(
      'Your bank is still processing the payment. Check your plans again in a minute.',
    );
  throw new PaymentNotCompleted(
    'The payment was not completed. Nothing was charged; try again or use another card.',
  );
}
