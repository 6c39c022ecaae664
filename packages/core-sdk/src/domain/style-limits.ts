import type { STYLE_LIMITS as CONTRACT_STYLE_LIMITS } from '@wingmate/api-contract';

/**
 * The contract's limits of the texting style that the client checks before sending (docs/decisions.md#sounds-like-me).
 * Restated, since the SDK ships no schema code; `satisfies` makes each one the contract's value, or the types fail.
 */
export const STYLE_LIMITS = {
  samplesKept: 500,
  pastedLength: 20_000,
  listLength: 12,
  entryLength: 24,
} as const satisfies Partial<typeof CONTRACT_STYLE_LIMITS>;
