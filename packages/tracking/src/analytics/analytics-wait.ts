/**
 * How long a call waits for analytics to be initialised, and how often it looks (docs/product.md, "Attribution, A/B tests and analytics").
 * A module of their own, with no imports, so a client that loads the analytics code later (the web's deferred
 * one) can follow the same rule without pulling that code in.
 */
export const ANALYTICS_WAIT_MS = 5_000;
export const ANALYTICS_POLL_MS = 100;
