import type { ComponentType } from 'react';
import { matchRoutes, type RouteObject } from 'react-router-dom';
import type { StoreApi } from 'zustand/vanilla';
import type { WebConfig } from '../config';
import type { HealthStore } from '../stores/health';
import { ConfigProvider } from './config-context';
import { ConsentProvider } from './consent/ConsentContext';
import type { ConsentState } from './consent/consent-store';
import { deferredPage } from './deferred-page';
import { Layout } from './Layout';
import { PageLoader } from './PageLoader';
import { RouteError } from './RouteError';
import { accountRoutes } from '../routes/account/routes';
import { authRoutes } from '../routes/auth/routes';
import { bioRoutes } from '../routes/bio/routes';
import { chatRoutes } from '../routes/chat/routes';
import { matchesRoutes } from '../routes/matches/routes';
import { pricingRoutes } from '../routes/pricing/routes';
import { profileRoutes } from '../routes/profile/routes';
import { styleRoutes } from '../routes/style/routes';
import type { PendingServices } from '../stores/services-loader';
import { PendingServicesProvider } from './PendingServicesProvider';
import { HomePage } from '../routes/landing/HomePage';

/** What a route may say about itself in `handle`. */
export interface RouteHandle {
  /** Show the page loader until the route's data is in (docs/product.md#every-page). */
  loader?: boolean;
  /** The page paints before the client and stores arrive (it uses none of them); every other route waits. */
  beforeServices?: boolean;
  /**
   * What the page paints, as the first page of a visit, before its code and the services arrive (`deferredPage`):
   * its heading and a loading state of the page's shape, from the entry. Later visits to it wait as other routes do.
   * Its module exports only `Component`: a route loader would never run on that first visit.
   */
  shell?: ComponentType;
}

/**
 * The screens, one lazy chunk each but the landing (the module exports `Component`, and `loader` when it has data). Each has its
 * own error boundary so a failing page keeps the header and footer. Each area lists its screens in its own
 * `routes/<area>/routes.tsx`.
 */
export const pageRoutes: RouteObject[] = [
  // The landing is most visitors' first page: it comes with the entry, so it paints without a second round trip.
  { index: true, handle: { beforeServices: true }, Component: HomePage },
  { path: 'terms', handle: { beforeServices: true }, lazy: () => import('../routes/legal/terms-route') },
  { path: 'privacy', handle: { beforeServices: true }, lazy: () => import('../routes/legal/privacy-route') },
  ...authRoutes,
  ...accountRoutes,
  ...pricingRoutes,
  ...chatRoutes,
  ...bioRoutes,
  ...profileRoutes,
  ...matchesRoutes,
  ...styleRoutes,
  { path: '*', handle: { beforeServices: true }, lazy: () => import('../routes/not-found/route') },
].map((route) => ({ errorElement: <RouteError />, ...route }));

export interface FrameDependencies {
  config: WebConfig;
  healthStore: StoreApi<HealthStore>;
  consentStore: StoreApi<ConsentState>;
  services: PendingServices;
  /** The address the page was opened at: its route paints its `shell` first, if it has one. */
  firstPath?: string;
}

/**
 * Every route but those that paint before the services (`handle.beforeServices`) loads its code and the services
 * together (starting their load if the page has not yet), so its components' `useServices()` always finds them;
 * children wait the same way. The first page of the visit (`firstPage`), if it has a `shell`, paints that instead
 * and loads both after the first paint.
 */
export function waitingForServices(
  routes: RouteObject[],
  load: () => Promise<unknown>,
  firstPage?: RouteObject,
): RouteObject[] {
  return routes.map((route) => {
    const children = route.children && waitingForServices(route.children, load, firstPage);
    const handle = route.handle as RouteHandle | undefined;
    const lazyModule = route.lazy;
    if (handle?.beforeServices || typeof lazyModule !== 'function') {
      return { ...route, ...(children && { children }) } as RouteObject;
    }
    const lazy = async () => (await Promise.all([lazyModule(), load()]))[0];
    if (route === firstPage && handle?.shell) {
      const Component = deferredPage(lazy, handle.shell);
      return { ...route, lazy: undefined, Component, ...(children && { children }) } as RouteObject;
    }
    return { ...route, lazy, ...(children && { children }) } as RouteObject;
  });
}

/** The leaf route that `path` opens, if any. */
function routeAt(routes: RouteObject[], path: string | undefined): RouteObject | undefined {
  return path === undefined ? undefined : matchRoutes(routes, path)?.at(-1)?.route;
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
          <PendingServicesProvider services={deps.services}>
            <ConsentProvider store={deps.consentStore}>
              <Layout
                config={deps.config}
                healthStore={deps.healthStore}
                services={deps.services}
                wantsPageLoader={wantsPageLoader(pages)}
              />
            </ConsentProvider>
          </PendingServicesProvider>
        </ConfigProvider>
      ),
      // Shown only if the first page's code takes long to arrive; the body is still hidden for the first second.
      HydrateFallback: () => <PageLoader delayMs={400} />,
      errorElement: <RouteError />,
      children: waitingForServices(pages, deps.services.load, routeAt(pages, deps.firstPath)),
    },
  ];
}
