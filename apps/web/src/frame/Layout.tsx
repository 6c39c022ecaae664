import { useRef, useState, type MouseEvent } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router-dom';
import type { StoreApi } from 'zustand/vanilla';
import type { WebConfig } from '../config';
import type { HealthStore } from '../stores/health';
import type { PendingServices } from '../stores/services-loader';
import { CookieBanner } from './consent/CookieBanner';
import { TagManager } from './consent/TagManager';
import { FocusOnNavigate } from './FocusOnNavigate';
import { Footer } from './Footer';
import { Header } from './Header';
import { NoticeBanner } from './NoticeBanner';
import { OfflineNotice } from './OfflineNotice';
import { createPageDataLoads, PageDataProvider } from './page-data';
import { PageLoader } from './PageLoader';
import { RouteChangeTracking } from './RouteChangeTracking';
import { SessionEndedNotice } from './SessionEndedNotice';
import { ToastOutlet } from './ToastOutlet';
import { useAwaitingPageData } from './useAwaitingPageData';
import { useTopBlockHeight } from './useTopBlockHeight';

/** How long a load may take before the page loader shows: a quicker one goes straight to the page, no flash. */
export const PAGE_LOADER_DELAY_MS = 200;

export interface LayoutProps {
  config: WebConfig;
  healthStore: StoreApi<HealthStore>;
  /** The client and stores, arriving after the first paint; route changes are tracked once they are in. */
  services: PendingServices;
  /** Whether the route at this path asks for the page loader while its data loads (`handle: { loader: true }`). */
  wantsPageLoader: (pathname: string) => boolean;
}

function skipToContent(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  const target = document.querySelector<HTMLElement>('#main h1') ?? document.getElementById('main');
  if (target && !target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target?.focus();
}

/** The frame around every route (docs/product.md#every-page): header, notices, the page, footer, toasts, consent. */
export function Layout({ config, healthStore, services, wantsPageLoader }: LayoutProps) {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const topBlock = useRef<HTMLDivElement>(null);
  useTopBlockHeight(topBlock);
  const [pageData] = useState(createPageDataLoads);
  const openingPage =
    navigation.state === 'loading' &&
    navigation.location !== undefined &&
    wantsPageLoader(navigation.location.pathname);
  const awaitingData = useAwaitingPageData(pageData, wantsPageLoader(pathname));
  const loadingPage = openingPage || awaitingData;

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        onClick={skipToContent}
        className="sr-only z-50 rounded-md bg-surface px-4 py-2 font-medium text-ink shadow-md focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      {/* The banner and the header stick to the top together, the header under the banner, so a scrolled page
          never slides the navigation under the announcement. */}
      <div ref={topBlock} className="sticky top-0 z-30">
        <NoticeBanner />
        <Header assetPrefix={config.assetPrefix} />
      </div>
      <OfflineNotice />
      <CookieBanner />
      <main id="main" className="flex flex-1 flex-col" aria-busy={loadingPage || undefined}>
        {loadingPage && <PageLoader delayMs={PAGE_LOADER_DELAY_MS} />}
        {/* Mounted while hidden: the page loads its data behind the loader (docs/decisions.md#the-page-loader). */}
        <div hidden={loadingPage} className="flex flex-1 flex-col">
          <PageDataProvider value={pageData}>
            <Outlet />
          </PageDataProvider>
        </div>
      </main>
      <Footer config={config} healthStore={healthStore} />
      <ToastOutlet />
      <TagManager id={config.tagManagerId} />
      <FocusOnNavigate pageShown={!loadingPage} />
      <RouteChangeTracking services={services} />
      <SessionEndedNotice services={services} />
      <ScrollRestoration />
    </div>
  );
}
