/**
 * The key of the assignments in session storage and the name of the cookie (path `/`, spec 4 and 9). The value is
 * one JSON object, test name -> variant value, e.g. `{"abtest_homepage":"chat_first"}`.
 */
export const AB_TESTS_STORAGE_KEY = 'abtests';

/** How often a waiting `set` checks again whether identity, account state and assignments have loaded (spec 9). */
export const AB_SET_RETRY_MS = 50;
