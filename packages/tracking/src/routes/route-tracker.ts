import type { AnalyticsClient } from '../analytics/analytics-client';
import { pathOf } from '../attribution/parse-attribution';
import type { RouteFlag } from './route-flag';

export interface RouteTrackerOptions {
  /** Re-reads the tracking parameters of the new address (see `createAttributionReporter`). */
  attribution: { capture(url: string): unknown };
  analytics: Pick<AnalyticsClient, 'pageView'>;
  routeFlag: RouteFlag;
}

export interface RouteTracker {
  /** Called by the router on every route change, with the new address. */
  onRouteChange(url: string): void;
  /** Stops listening to the route flag. */
  dispose: () => void;
}

/**
 * On every route change: re-read the tracking parameters and send page_view with the path
 * (docs/product.md#every-page). The page_view waits until the A/B route flag reads complete, except on `/`, which is
 * sent at once; page views held back are released in order when the flag completes.
 */
export function createRouteTracker({ attribution, analytics, routeFlag }: RouteTrackerOptions): RouteTracker {
  const heldPaths: string[] = [];
  const unsubscribe = routeFlag.subscribe(() => {
    if (!routeFlag.isRouteFlagComplete()) return;
    for (const path of heldPaths.splice(0)) void analytics.pageView(path);
  });

  return {
    onRouteChange(url) {
      attribution.capture(url);
      const path = pathOf(url);
      if (path === '/' || routeFlag.isRouteFlagComplete()) void analytics.pageView(path);
      else heldPaths.push(path);
    },
    dispose: unsubscribe,
  };
}
