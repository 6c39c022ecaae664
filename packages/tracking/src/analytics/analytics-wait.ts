/**
 * How long a call waits for analytics to be initialised, and how often it looks
 * (docs/product.md#attribution-ab-tests-and-analytics).
 * A module of their own, with no imports, shared by the client (`analytics-client.ts`) and the one that waits for
 * its code to load (`deferred-analytics.ts`).
 */
export const ANALYTICS_WAIT_MS = 5_000;
export const ANALYTICS_POLL_MS = 100;
