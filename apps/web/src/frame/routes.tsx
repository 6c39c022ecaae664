import { matchRoutes, type RouteObject } from 'react-router-dom';
import type { StoreApi } from 'zustand/vanilla';
import type { WebConfig } from '../config';
import type { HealthStore } from '../stores/health';
import { ConfigProvider } from './config-context';
import { ConsentProvider } from './consent/ConsentContext';
import type { ConsentState } from './consent/consent-store';
import { Layout } from './Layout';
import { PageLoader } from './PageLoader';
import { RouteError } from './RouteError';
import { accountRoutes } from '../routes/account/routes';
import { authRoutes } from '../routes/auth/routes';
import { bioRoutes } from '../routes/bio/routes';
import { chatRoutes } from '../routes/chat/routes';
import { pricingRoutes } from '../routes/pricing/routes';
import { profileRoutes } from '../routes/profile/routes';
import { ServicesProvider, type AppServices } from '../stores/services';

/** What a route may say about itself in `handle`. */
export interface RouteHandle {
  /** Show the page loader until the route's data is in (spec 2). */
  loader?: boolean;
}

/**
 * The screens, one lazy chunk each (the module exports `Component`, and `loader` when it has data). Each has its
 * own error boundary so a failing page keeps the header and footer. Each area lists its screens in its own
 * `routes/<area>/routes.tsx`.
 */
export const pageRoutes: RouteObject[] = [
  { index: true, lazy: () => import('../routes/landing/route') },
  { path: 'terms', lazy: () => import('../routes/legal/terms-route') },
  { path: 'privacy', lazy: () => import('../routes/legal/privacy-route') },
  ...authRoutes,
  ...accountRoutes,
  ...pricingRoutes,
  ...chatRoutes,
  ...bioRoutes,
  ...profileRoutes,
  { path: '*', lazy: () => import('../routes/not-found/route') },
].map((route) => ({ errorElement: <RouteError />, ...route }) as RouteObject);

export interface FrameDependencies {
  config: WebConfig;
  healthStore: StoreApi<HealthStore>;
  consentStore: StoreApi<ConsentState>;
  services: AppServices;
}

function wantsPageLoader(routes: RouteObject[]) {
  return (pathname: string) =>
    (matchRoutes(routes, pathname) ?? []).some(
      (match) => (match.route.handle as RouteHandle | undefined)?.loader,
    );
}

/** The whole route tree: the frame (layout) around the pages. */
export function appRoutes(deps: FrameDependencies, pages: RouteObject[] = pageRoutes): RouteObject[] {
  return [
    {
      element: (
        <ConfigProvider config={deps.config}>
          <ServicesProvider services={deps.services}>
            <ConsentProvider store={deps.consentStore}>
              <Layout
                config={deps.config}
                healthStore={deps.healthStore}
                wantsPageLoader={wantsPageLoader(pages)}
              />
            </ConsentProvider>
          </ServicesProvider>
        </ConfigProvider>
      ),
      // Shown only if the first page's code takes long to arrive; the body is still hidden for the first second.
      HydrateFallback: () => <PageLoader delayMs={400} />,
      errorElement: <RouteError />,
      children: pages,
    },
  ];
}
