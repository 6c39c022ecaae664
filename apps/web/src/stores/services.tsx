import { createContext, useContext, type ReactNode } from 'react';
import type { WingmateClient } from '@wingmate/core-sdk';
import type { StoreApi } from 'zustand/vanilla';
import type { UserInfoState } from './user-info';

/**
 * What the frame makes once at start and every screen shares (screens.md, "The frame"): the SDK client with its
 * session and plan stores. The frame adds the A/B and tracking stores here as they are wired.
 */
export interface AppServices {
  client: WingmateClient;
  /** `GET /api/v1/user/info/`: remaining messages and membership flags; reloads on sign-in and sign-out. */
  userInfo: StoreApi<UserInfoState>;
}

const ServicesContext = createContext<AppServices | null>(null);

export function ServicesProvider({ services, children }: { services: AppServices; children: ReactNode }) {
  return <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>;
}

export function useServices(): AppServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices needs a ServicesProvider (the frame gives one)');
  return services;
}

/** The page's one SDK client. */
export function useClient(): WingmateClient {
  return useServices().client;
}
