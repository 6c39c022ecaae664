import type { AbEngine } from '@wingmate/ab-engine';
import {
  consoleLogger,
  systemClock,
  type KeyValueStorage,
  type Logger,
  type WingmateClient,
} from '@wingmate/core-sdk';
import {
  analyticsDeviceId,
  browserCookies,
  browserLocalStorage,
  browserLocation,
  browserUserAgent,
  createAttributionReporter,
  createAttributionStore,
  createConversionTracker,
  createRouteTracker,
  type AnalyticsClient,
  type Tracking,
  type TrackingState,
} from '@wingmate/tracking';
import { createStore } from 'zustand/vanilla';
import { deferredAnalytics } from './deferred-analytics';

export interface WebTrackingOptions {
  client: WingmateClient;
  abEngine: Pick<AbEngine, 'isRouteFlagComplete' | 'store'>;
  analyticsId: string | undefined;
  /** Where the tracking parameters are kept; localStorage by default. */
  storage?: KeyValueStorage;
  /** Where Meta's `_fbc` cookie is read; the page's cookies by default. */
  cookies?: KeyValueStorage;
  /** The analytics client; by default the deferred Amplitude one (only with an analytics id). */
  analytics?: AnalyticsClient;
  logger?: Logger;
}

/**
 * The tracking package wired for the web app, as its `createTracking` does, with one difference: the analytics
 * client is deferred (`deferred-analytics.ts`), because `createTracking` imports Amplitude up front and `/` has a
 * 120 KB JavaScript budget (screens.md). The uid is the client's (one uid, decisions.md), page_view waits for the
 * A/B engine's route flag, and conversions post through core-sdk's analytics resource.
 */
export function createWebTracking(options: WebTrackingOptions): Tracking {
  const logger = options.logger ?? consoleLogger;
  const { client, abEngine } = options;
  const visitorId = client.visitorId;
  const attribution = createAttributionStore({
    storage: options.storage ?? browserLocalStorage(logger),
    cookies: options.cookies ?? browserCookies(logger),
    clock: systemClock,
    logger,
  });
  const deviceId = analyticsDeviceId(visitorId.get());
  const store = createStore<TrackingState>()(() => ({ attribution: attribution.getState(), deviceId }));
  const analytics = options.analytics ?? deferredAnalytics(options.analyticsId, deviceId, logger);
  const reporter = createAttributionReporter({
    store: attribution,
    api: client.analytics,
    visitorId,
    logger,
  });
  const routes = createRouteTracker({
    attribution: reporter,
    analytics,
    routeFlag: { isRouteFlagComplete: abEngine.isRouteFlagComplete, subscribe: abEngine.store.subscribe },
  });
  return {
    store,
    analytics,
    attribution,
    visitorId,
    onRouteChange(url) {
      routes.onRouteChange(url);
      const state = attribution.getState();
      if (JSON.stringify(state) !== JSON.stringify(store.getState().attribution)) {
        store.setState({ attribution: state });
      }
    },
    trackConversion: createConversionTracker({
      api: client.analytics,
      attribution,
      visitorId,
      userAgent: browserUserAgent,
      location: browserLocation,
      logger,
    }),
    dispose: routes.dispose,
  };
}
