import {
  consoleLogger,
  systemClock,
  type Clock,
  type KeyValueStorage,
  type Logger,
  type VisitorId,
} from '@wingmate/core-sdk';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { loadAmplitudeAnalytics } from './analytics/amplitude-loader';
import type { AnalyticsClient } from './analytics/analytics-client';
import { deferredAnalytics, type LoadAnalytics } from './analytics/deferred-analytics';
import { analyticsDeviceId } from './analytics/device-id';
import { createAttributionReporter } from './attribution/attribution-reporter';
import {
  createAttributionStore,
  type AttributionState,
  type AttributionStore,
} from './attribution/attribution-store';
import { browserCookies, browserLocalStorage, browserLocation, browserUserAgent } from './browser';
import type { ConversionApi } from './conversions/conversion-api';
import { createConversionTracker, type TrackConversion } from './conversions/conversion-tracker';
import type { RouteFlag } from './routes/route-flag';
import { createRouteTracker } from './routes/route-tracker';

export interface TrackingOptions {
  /**
   * The analytics id of the runtime configuration; empty or missing turns analytics off, unless `analytics` is a
   * client, which is used as it is.
   */
  analyticsKey: string | null | undefined;
  /** The server-side analytics posts, wired by the web to core-sdk's analytics resource. */
  conversionApi: ConversionApi;
  /** The A/B engine's route flag, which page_view waits for. */
  routeFlag: RouteFlag;
  /**
   * The analytics client, or how to load it. A client is used as it is; a loader runs once, at creation, only with
   * an analytics id, and calls made until its client is in wait for it (`deferredAnalytics`). By default Amplitude,
   * fetched in a chunk of its own (`loadAmplitudeAnalytics`).
   */
  analytics?: AnalyticsClient | LoadAnalytics;
  /** Where the tracking parameters are kept; the browser's localStorage by default. */
  storage?: KeyValueStorage;
  /** Where Meta's `_fbc` cookie is read; the page's cookies by default. */
  cookies?: KeyValueStorage;
  /**
   * The uid core-sdk also uses: its client's `visitorId`, or core-sdk's `storedVisitorId(storage)` without a client
   * (one uid under the shared key `uid`). Required, not defaulted: a default would put a second way of making a uid
   * into every bundle that passes its client's.
   */
  visitorId: VisitorId;
  clock?: Clock;
  logger?: Logger;
  userAgent?: () => string;
  location?: () => string;
}

/** What tracking knows, as a zustand vanilla store: `useStore(tracking.store, (s) => s.attribution.params)`. */
export interface TrackingState {
  /** The kept tracking parameters and fbc, as of the last route change. */
  attribution: AttributionState;
  /**
   * The analytics device id: a one-way hash of the uid, never the uid itself
   * (docs/decisions.md#the-sdk-surface-the-web-app-binds-to).
   */
  deviceId: string;
}

export interface Tracking {
  /** The read side of a zustand vanilla store; it changes on route changes. */
  store: Pick<StoreApi<TrackingState>, 'getState' | 'getInitialState' | 'subscribe'>;
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
  const { visitorId } = options;
  const attribution = createAttributionStore({
    storage,
    cookies: options.cookies ?? browserCookies(logger),
    clock,
    logger,
  });
  const deviceId = analyticsDeviceId(visitorId.get());
  const store = createStore<TrackingState>()(() => ({ attribution: attribution.getState(), deviceId }));
  const analyticsSource = options.analytics ?? loadAmplitudeAnalytics;
  const analytics =
    typeof analyticsSource === 'function'
      ? deferredAnalytics({ apiKey: options.analyticsKey, deviceId, logger, load: analyticsSource })
      : analyticsSource;
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
    store,
    analytics,
    attribution,
    visitorId,
    onRouteChange(url) {
      routes.onRouteChange(url);
      const state = attribution.getState();
      if (JSON.stringify(state) !== JSON.stringify(store.getState().attribution))
        store.setState({ attribution: state });
    },
    trackConversion,
    dispose: routes.dispose,
  };
}
