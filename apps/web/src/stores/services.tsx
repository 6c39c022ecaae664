import { createContext, useContext, type ReactNode } from 'react';
import type { AbEngine } from '@wingmate/ab-engine';
import type { WingmateClient } from '@wingmate/core-sdk';
import type { FunnelTracker, Tracking } from '@wingmate/tracking';
import type { StoreApi } from 'zustand/vanilla';
import type { UserInfoState } from './user-info';

/**
 * What the frame makes once at start and every screen shares (docs/web.md#the-frame): the SDK client with its
 * session and plan stores (`client.session`, `client.plans`), the user info, the A/B engine and tracking. They
 * arrive in their own chunk after the first paint (`main.tsx`); every route but the landing and the legal pages
 * waits for them, so a screen's `useServices()` always finds them.
 */
export interface AppServices {
  client: WingmateClient;
  /** `GET /api/v1/user/info/`: remaining messages and membership flags; reloads on sign-in and sign-out. */
  userInfo: StoreApi<UserInfoState>;
  /** Sticky A/B variants (packages/ab-engine); its group follows `is_member` of the user info. */
  abEngine: AbEngine;
  /** Attribution, page_view, analytics and ad conversions (packages/tracking), on the client's uid. */
  tracking: Tracking;
  /** The product funnel's events and user properties (packages/tracking); screens send what only they know. */
  funnel: FunnelTracker;
}

const ServicesContext = createContext<AppServices | null>(null);

/** Gives the screens the services; `null` while they are still loading (only the frame renders then). */
export function ServicesProvider({
  services,
  children,
}: {
  services: AppServices | null;
  children: ReactNode;
}) {
  return <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>;
}

export function useServices(): AppServices {
  const services = useContext(ServicesContext);
  if (!services) {
    throw new Error(
      'useServices found no services: it needs a ServicesProvider, and a route that waits for the services (frame/routes.tsx)',
    );
  }
  return services;
}

/** The services, or null while their chunk loads: for the frame, which paints before they arrive. */
export function useOptionalServices(): AppServices | null {
  return useContext(ServicesContext);
}

/** The page's one SDK client. */
export function useClient(): WingmateClient {
  return useServices().client;
}
