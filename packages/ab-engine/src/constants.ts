/**
 * The key of the assignments in session storage and the name of the cookie (path `/`,
 * docs/product.md#ab-test-assignments and docs/product.md#constants-and-limits). The value is one JSON object, test
 * name -> variant value, e.g. `{"abtest_homepage":"chat_first"}`.
 */
export const AB_TESTS_STORAGE_KEY = 'abtests';

/**
 * How often a waiting `set` checks again whether identity, account state and assignments have loaded
 * (docs/product.md#constants-and-limits).
 */
export const AB_SET_RETRY_MS = 50;
