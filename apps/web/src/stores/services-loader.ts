import type { AppServices } from './services';

/**
 * The services as they load: `get()` is null until their chunk has arrived and made them, then the same object for
 * the life of the page. The frame paints without them; routes that need them wait for `ready`.
 */
export interface PendingServices {
  get(): AppServices | null;
  subscribe(listener: () => void): () => void;
  ready: Promise<AppServices>;
}

export function pendingServices(load: Promise<AppServices>): PendingServices {
  let current: AppServices | null = null;
  const listeners = new Set<() => void>();
  const ready = load.then((services) => {
    current = services;
    listeners.forEach((listener) => listener());
    return services;
  });
  return {
    get: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    ready,
  };
}

/** Services that are there from the start (tests, and pages rendered after they loaded). */
export function readyServices(services: AppServices): PendingServices {
  return { get: () => services, subscribe: () => () => undefined, ready: Promise.resolve(services) };
}
