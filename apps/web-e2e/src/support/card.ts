import type { Locator, Page } from 'playwright-core';

/** The local payment provider's test cards (apps/api/src/adapters/payments/test-cards.ts). */
export const VISA = '4242 4242 4242 4242';
export const MASTERCARD = '5555 5555 5555 4444';
/** Refused when it is saved (the card on file stays). */
export const DECLINED = '4000 0000 0000 0002';
/** Saved, then declined when charged (Stripe's 0341 card). */
export const DECLINED_WHEN_CHARGED = '4000 0000 0000 0341';

/**
 * Types a card into the card form (the local provider's, served in place of Stripe's); `within` is the page or
 * the dialog that holds the form.
 */
export async function enterCard(
  within: Page | Locator,
  number: string,
  expiry = '12 / 34',
  cvc = '123',
): Promise<void> {
  await within.getByRole('textbox', { name: 'Card number' }).fill(number);
  await within.getByRole('textbox', { name: 'Expiry' }).fill(expiry);
  await within.getByRole('textbox', { name: 'CVC' }).fill(cvc);
}
