/**
 * What a payment asks of the card form, whichever provider's it is (docs/decisions.md#money-at-checkout): the web
 * fills it with Stripe.js's Payment Element or the local card form, a mobile app with its payment SDK.
 */
export interface CardEntryPort {
  /** The entered card's payment method id, or null when the entry is not complete (the form says why). */
  collect(): Promise<string | null>;
  /** Completes a step the card's bank asks for (3-D Secure); the local provider never asks one. */
  handleNextAction(clientSecret: string): Promise<void>;
}

/** A card step that failed with words meant for the person (a Stripe.js error, a 3-D Secure refusal). */
export class CardActionError extends Error {
  override name = 'CardActionError';
}
