import { isApiError } from '@wingmate/core-sdk';
import { CardActionError } from './card-entry';

const byCode: Record<string, string> = {
  card_declined: 'Your card was declined. Try another card, or ask your bank why.',
  insufficient_funds: 'Your card has insufficient funds. Try another card.',
  expired_card: 'Your card has expired. Try another card.',
  lost_card: 'Your card was declined. Try another card, or ask your bank why.',
  stolen_card: 'Your card was declined. Try another card, or ask your bank why.',
  incorrect_cvc: 'The security code is wrong. Check the CVC and try again.',
  processing_error: 'The card could not be charged just now. Try again in a moment.',
  authentication_required: 'Your bank asked to confirm this payment, and it was not confirmed. Try again.',
  trial_used:
    'You have already used a free trial, on this account or with this card. You can still buy the plan without a trial.',
  spending_cap: 'This payment would pass your monthly spending cap.',
  verification_required: 'Verify your e-mail address or phone number before paying.',
};

/**
 * A payment failure in plain words (issue 19): declines by their code, the trial rule, the spending cap with the
 * server's detail, field errors by their first message, and a lost connection as such. Nothing was charged in
 * any of these cases, so each says what to do next.
 */
export function paymentErrorMessage(error: unknown): string {
  if (error instanceof CardActionError) return error.message;
  if (!isApiError(error)) return 'Something went wrong. Nothing was charged; try again.';
  if (error.status === 0) return 'No connection. Nothing was charged; check your connection and try again.';
  const data = error.data as { detail?: unknown; code?: unknown } | null;
  const code = error.code ?? (typeof data?.code === 'string' ? data.code : null);
  if (code === 'spending_cap' && typeof data?.detail === 'string')
    return `${byCode.spending_cap} ${data.detail}`;
  if (code && byCode[code]) return byCode[code];
  if (error.status === 402) return byCode.card_declined!;
  if (error.status === 429) return 'Too many tries. Wait a minute, then try again.';
  if (error.status >= 500) return 'The payment service had a problem. Nothing was charged; try again.';
  // Field errors and other details: the SDK already took the first message out of the body.
  return error.message;
}

/** Whether the error is a refused trial (409 `trial_used`). */
export const isTrialUsed = (error: unknown) => isApiError(error) && error.code === 'trial_used';
