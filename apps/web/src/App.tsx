import { useState } from 'react';
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
}: {
  healthStore: StoreApi<HealthStore>;
  services: PendingServices;
}) {
  const [router] = useState(() => {
    preloadLogos(webConfig.assetPrefix);
    const consentStore = createConsentStore(browserStorage());
    return createBrowserRouter(appRoutes({ config: webConfig, healthStore, consentStore, services }));
  });
  return <RouterProvider router={router} />;
}
