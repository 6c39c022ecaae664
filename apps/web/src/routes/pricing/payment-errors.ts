import { CardActionError, isApiError, wordsFor } from '@wingmate/core-sdk';

/**
 * A payment failure in plain words: a card step's own words (Stripe's, in the browser), else core-sdk's words
 * for paying (docs/product.md#words-for-failures), each saying that nothing was charged or what to do next.
 */
export function paymentErrorMessage(error: unknown): string {
  if (error instanceof CardActionError) return error.message;
  return wordsFor(error, 'checkout');
}

/** Whether the error is a refused trial (409 `trial_used`). */
export const isTrialUsed = (error: unknown) => isApiError(error) && error.code === 'trial_used';
