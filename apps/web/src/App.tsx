import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import type { StoreApi } from 'zustand/vanilla';
import { webConfig } from './env';
import { browserStorage, createConsentStore } from './frame/consent/consent-store';
import { preloadLogos } from './frame/logos';
import { appRoutes } from './frame/routes';
import type { HealthStore } from './stores/health';
import type { PendingServices } from './stores/services-loader';

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/**
 * The browser's router around every screen. Making it starts loading the first route's code (and the services, for
 * a route that needs them) at once, so `main.tsx` makes it before waiting for the fonts: the two load side by side
 * instead of one after the other. A first page with a shell (`handle.shell`) paints that and loads the rest after.
 */
export function createAppRouter(healthStore: StoreApi<HealthStore>, services: PendingServices): AppRouter {
  preloadLogos(webConfig.assetPrefix);
  const consentStore = createConsentStore(browserStorage());
  return createBrowserRouter(
    appRoutes({
      config: webConfig,
      healthStore,
      consentStore,
      services,
      firstPath: window.location.pathname,
    }),
  );
}

export function App({ router }: { router: AppRouter }) {
  return <RouterProvider router={router} />;
}
