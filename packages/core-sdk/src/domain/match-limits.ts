import type { MATCH_LIMITS as CONTRACT_MATCH_LIMITS } from '@wingmate/api-contract';

/**
 * The contract's limits of matches that the client checks before sending (docs/decisions.md#matches). Restated,
 * since the SDK ships no schema code; `satisfies` makes each one the contract's value, or the types fail.
 */
export const MATCH_LIMITS = {
  matchesPerPerson: 200,
  nameLength: 80,
  whereMetLength: 80,
  notesLength: 2000,
  profileTextLength: 5000,
  photosPerMatch: 6,
  lineLength: 2000,
  factsPerMatch: 50,
  factLength: 300,
  screenshotsPerImport: 10,
} as const satisfies Partial<typeof CONTRACT_MATCH_LIMITS>;

/** The screenshots the server reads (docs/product.md#screenshots-to-a-conversation): its type is checked again there. */
export const SCREENSHOT_TYPES: readonly string[] = ['image/png', 'image/jpeg', 'image/webp'];
export const SCREENSHOT_MAX_BYTES = 10 * 1024 * 1024;
