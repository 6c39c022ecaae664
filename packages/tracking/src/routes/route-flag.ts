/**
 * The A/B engine's route flag (docs/product.md#every-page): marked in progress at route start and complete once
 * stored A/B values are re-synced. page_view waits for it so the event carries the visitor's settled variants.
 */
export interface RouteFlag {
  isRouteFlagComplete(): boolean;
  /** Calls the listener whenever the flag changes; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
}
