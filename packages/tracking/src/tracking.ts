import {
  consoleLogger,
  storedVisitorId,
  systemClock,
  type Clock,
  type KeyValueStorage,
  type Logger,
  type VisitorId,
} from '@wingmate/core-sdk';
import { createAnalyticsClient, type AnalyticsClient } from './analytics/analytics-client';
import type { AnalyticsSdk } from './analytics/analytics-sdk';
import { createAttributionReporter } from './attribution/attribution-reporter';
import { createAttributionStore, type AttributionStore } from './attribution/attribution-store';
import { browserCookies, browserLocalStorage, browserLocation, browserUserAgent } from './browser';
import type { ConversionApi } from './conversions/conversion-api';
import { createConversionTracker, type TrackConversion } from './conversions/conversion-tracker';
import type { RouteFlag } from './routes/route-flag';
import { createRouteTracker } from './routes/route-tracker';

export interface TrackingOptions {
  /** The analytics id of the runtime configuration; empty or missing turns analytics off. */
  analyticsKey: string | null | undefined;
  /** The server-side analytics posts, wired by the web to core-sdk's analytics resource. */
  conversionApi: ConversionApi;
  /** The A/B engine's route flag, which page_view waits for. */
  routeFlag: RouteFlag;
  analyticsSdk?: AnalyticsSdk;
  /** Where the uid and the tracking parameters are kept; the browser's localStorage by default. */
  storage?: KeyValueStorage;
  /** Where Meta's `_fbc` cookie is read; the page's cookies by default. */
  cookies?: KeyValueStorage;
  /** The uid core-sdk also uses; by default read from (or made in) `storage` under the shared key `uid`. */
  visitorId?: VisitorId;
  clock?: Clock;
  logger?: Logger;
  userAgent?: () => string;
  location?: () => string;
}

export interface Tracking {
  analytics: AnalyticsClient;
  attribution: AttributionStore;
  /** The visitor's uid, shared with core-sdk through the same storage key. */
  visitorId: VisitorId;
  onRouteChange(url: string): void;
  trackConversion: TrackConversion;
  dispose(): void;
}

/** Everything tracking does, wired once with browser defaults; each piece is also exported on its own. */
export function createTracking(options: TrackingOptions): Tracking {
  const logger = options.logger ?? consoleLogger;
  const clock = options.clock ?? systemClock;
  const storage = options.storage ?? browserLocalStorage(logger);
  const visitorId = options.visitorId ?? storedVisitorId(storage);
  const attribution = createAttributionStore({
    storage,
    cookies: options.cookies ?? browserCookies(logger),
    clock,
    logger,
  });
  const analytics = createAnalyticsClient({
    apiKey: options.analyticsKey,
    sdk: options.analyticsSdk,
    deviceId: visitorId.get(),
    logger,
  });
  const reporter = createAttributionReporter({
    store: attribution,
    api: options.conversionApi,
    visitorId,
    clock,
    logger,
  });
  const routes = createRouteTracker({ attribution: reporter, analytics, routeFlag: options.routeFlag });
  const trackConversion = createConversionTracker({
    api: options.conversionApi,
    attribution,
    visitorId,
    userAgent: options.userAgent ?? browserUserAgent,
    location: options.location ?? browserLocation,
    clock,
    logger,
  });
  return {
    analytics,
    attribution,
    visitorId,
    onRouteChange: routes.onRouteChange,
    trackConversion,
    dispose: routes.dispose,
  };
}
