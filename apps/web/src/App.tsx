import { useState } from 'react';
import type { Notice } from '@wingmate/api-contract';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import type { StoreApi } from 'zustand/vanilla';
import { webConfig } from './env';
import { browserStorage, createConsentStore } from './frame/consent/consent-store';
import { preloadLogos } from './frame/logos';
import { appRoutes } from './frame/routes';
import type { HealthStore } from './stores/health';
import type { PendingServices } from './stores/services-loader';

export function App({
  healthStore,
  services,
  initialNotices = null,
}: {
  healthStore: StoreApi<HealthStore>;
  services: PendingServices;
  /** A visitor's notices fetched before the first paint, for the rebrand banner. */
  initialNotices?: readonly Notice[] | null;
}) {
  const [router] = useState(() => {
    preloadLogos(webConfig.assetPrefix);
    const consentStore = createConsentStore(browserStorage());
    return createBrowserRouter(
      appRoutes({ config: webConfig, healthStore, consentStore, services, initialNotices }),
    );
  });
  return <RouterProvider router={router} />;
}
