import type { AppServices } from './services';

/**
 * The services as they load: `get()` is null until their chunk has arrived and made them, then the same object for
 * the life of the page. The frame paints without them; `main.tsx` starts the load once the first page is up, and
 * anything that cannot go on without them starts it at once (`load()`).
 */
export interface PendingServices {
  get: () => AppServices | null;
  subscribe(listener: () => void): () => void;
  /** Starts the load unless it has started, and resolves with the services. */
  load: () => Promise<AppServices>;
  /** Resolves with the services once loaded, without starting the load. */
  loaded: Promise<AppServices>;
}

export function pendingServices(make: () => Promise<AppServices>): PendingServices {
  let current: AppServices | null = null;
  let started: Promise<AppServices> | null = null;
  const listeners = new Set<() => void>();
  let settle!: { resolve: (services: AppServices) => void; reject: (error: unknown) => void };
  const loaded = new Promise<AppServices>((resolve, reject) => (settle = { resolve, reject }));
  // A failed load is reported to whoever asked for it (routes show their error page); nobody else must crash.
  loaded.catch(() => undefined);
  const load = () =>
    (started ??= make().then(
      (services) => {
        current = services;
        listeners.forEach((listener) => listener());
        settle.resolve(services);
        return services;
      },
      (error: unknown) => {
        settle.reject(error);
        throw error;
      },
    ));
  return {
    get: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    load,
    loaded,
  };
}

/** Services that are there from the start (tests, and pages rendered after they loaded). */
export function readyServices(services: AppServices): PendingServices {
  const loaded = Promise.resolve(services);
  return { get: () => services, subscribe: () => () => undefined, load: () => loaded, loaded };
}
