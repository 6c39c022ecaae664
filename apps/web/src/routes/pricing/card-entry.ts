import type { CardEntryPort } from '@wingmate/core-sdk';

/**
 * What a card form hands the checkout: core-sdk's card port (docs/decisions.md#money-at-checkout), filled here by
 * the local card form or Stripe's Payment Element.
 */
export type CardEntryHandle = CardEntryPort;

export { CardActionError } from '@wingmate/core-sdk';
