import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import type { StoreApi } from 'zustand/vanilla';
import { webConfig } from './env';
import { browserStorage, createConsentStore } from './frame/consent/consent-store';
import { preloadLogos } from './frame/logos';
import { appRoutes } from './frame/routes';
import type { HealthStore } from './stores/health';
import type { AppServices } from './stores/services';

export function App({
  healthStore,
  services,
}: {
  healthStore: StoreApi<HealthStore>;
  services: AppServices;
}) {
  const [router] = useState(() => {
    preloadLogos(webConfig.assetPrefix);
    const consentStore = createConsentStore(browserStorage());
    return createBrowserRouter(appRoutes({ config: webConfig, healthStore, consentStore, services }));
  });
  return <RouterProvider router={router} />;
}
