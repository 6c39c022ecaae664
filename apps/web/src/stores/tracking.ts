import type { AbEngine } from '@wingmate/ab-engine';
import type { KeyValueStorage, Logger, WingmateClient } from '@wingmate/core-sdk';
import { createTracking, type AnalyticsClient, type Tracking } from '@wingmate/tracking';

export interface WebTrackingOptions {
  client: WingmateClient;
  abEngine: Pick<AbEngine, 'isRouteFlagComplete' | 'store'>;
  analyticsId: string | undefined;
  /** Where the tracking parameters are kept; localStorage by default. */
  storage?: KeyValueStorage;
  /** Where Meta's `_fbc` cookie is read; the page's cookies by default. */
  cookies?: KeyValueStorage;
  /** The analytics client; by default Amplitude's, in a chunk of its own, only with an analytics id. */
  analytics?: AnalyticsClient;
  logger?: Logger;
}

/**
 * The tracking package on the web's client and A/B engine: the uid is the client's (one uid:
 * docs/product.md#tracking-parameters), page_view waits for the A/B engine's route flag, and conversions post through
 * core-sdk's analytics resource.
 */
export function createWebTracking({ client, abEngine, analyticsId, ...ports }: WebTrackingOptions): Tracking {
  return createTracking({
    analyticsKey: analyticsId,
    conversionApi: client.analytics,
    routeFlag: { isRouteFlagComplete: abEngine.isRouteFlagComplete, subscribe: abEngine.store.subscribe },
    visitorId: client.visitorId,
    ...ports,
  });
}
