import { render, type RenderResult } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { readWebConfig, type WebConfig } from '../config';
import type { HealthStore } from '../stores/health';
import { createConsentStore, type ConsentState } from '../frame/consent/consent-store';
import { fakeClient } from './fake-client';
import type { AppServices } from '../stores/services';
import { createAppServices, type AppServicesOptions } from '../stores/app-services';
import { readyServices, type PendingServices } from '../stores/services-loader';
import { AB_TESTS_STORAGE_KEY } from '@wingmate/ab-engine';
import {
  memoryStorage as memoryKeyValueStorage,
  silentLogger,
  type WingmateClient,
} from '@wingmate/core-sdk';
import { appRoutes, pageRoutes } from '../frame/routes';

/** A Storage in memory, for the consent and banner choices. */
export function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    values,
  };
}

export function readyHealthStore() {
  return createStore<HealthStore>(() => ({
    state: {
      phase: 'ready',
      health: { status: 'ok', database: 'pglite', time: '2026-11-23T12:00:00Z', database_latency_ms: 2 },
    },
    check: () => Promise.resolve(),
  }));
}

/** A/B values kept as the engine keeps them (session storage and cookie), in memory: `{ abtest_homepage: 'control' }`. */
export function memoryAbStorage(values: Record<string, string> = {}) {
  const cookie = memoryKeyValueStorage();
  cookie.set(AB_TESTS_STORAGE_KEY, JSON.stringify(values));
  return { session: memoryKeyValueStorage(), cookie };
}

/**
 * The frame's services around one client, as `main.tsx` makes them, with the A/B values and tracking parameters
 * kept in memory and analytics off unless `options` say otherwise. The landing is pinned to its `control`
 * variant unless `abStorage` says otherwise (`memoryAbStorage`), so screens' tests read one landing.
 */
export function servicesFor(client: WingmateClient, options: Partial<AppServicesOptions> = {}): AppServices {
  return createAppServices(client, {
    analyticsId: undefined,
    abStorage: memoryAbStorage({ abtest_homepage: 'control' }),
    trackingStorage: memoryKeyValueStorage(),
    trackingCookies: memoryKeyValueStorage(),
    logger: silentLogger,
    ...options,
  });
}

export interface FrameOptions {
  path?: string;
  config?: Partial<WebConfig>;
  storage?: ReturnType<typeof memoryStorage>;
  pages?: RouteObject[];
  /** The services the screens use; by default a client whose every call answers 404 (see `fakeClient`). */
  services?: AppServices;
  /** The services as the page loads them, instead of `services` ready from the start. */
  pendingServices?: PendingServices;
  /** The address the visit started at, whose route paints its shell first (`handle.shell`); none by default. */
  firstPath?: string;
}

export interface RenderedFrame extends RenderResult {
  router: ReturnType<typeof createMemoryRouter>;
  consentStore: StoreApi<ConsentState>;
  storage: ReturnType<typeof memoryStorage>;
}

/** Renders the whole frame (layout, consent, the real lazy pages unless others are given) at `path`. */
export function renderFrame({
  path = '/',
  config = {},
  storage = memoryStorage(),
  pages = pageRoutes,
  services = servicesFor(fakeClient({}).client),
  pendingServices,
  firstPath,
}: FrameOptions = {}): RenderedFrame {
  const consentStore = createConsentStore(storage);
  const router = createMemoryRouter(
    appRoutes(
      {
        config: { ...readWebConfig({}), ...config },
        healthStore: readyHealthStore(),
        consentStore,
        services: pendingServices ?? readyServices(services),
        firstPath,
      },
      pages,
    ),
    { initialEntries: [path] },
  );
  return { ...render(<RouterProvider router={router} />), router, consentStore, storage };
}
