import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import type { PendingServices } from '../stores/services-loader';

/**
 * On every route change (the first one included; docs/product.md#every-page): the A/B route flag is marked in progress,
 * tracking re-reads the tracking parameters and sends page_view with the path (held by the tracking package until the
 * flag completes, except on `/`), and the engine re-syncs stored values, which completes the flag. Changes made before
 * the services arrive are replayed in order once they have.
 */
export function RouteChangeTracking({ services }: { services: PendingServices }) {
  const location = useLocation();
  useEffect(() => {
    const url = new URL(location.pathname + location.search + location.hash, window.location.origin).href;
    void services.loaded.then(
      ({ abEngine, tracking }) => {
        abEngine.routeStart();
        tracking.onRouteChange(url);
        void abEngine.routeComplete();
      },
      () => undefined, // The services failed to load: the pages that need them say so; nothing to track here.
    );
  }, [location, services]);
  return null;
}
