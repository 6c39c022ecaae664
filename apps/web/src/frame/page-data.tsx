import { createContext, useContext, useLayoutEffect } from 'react';

/**
 * The loads of the page on screen that it cannot draw without, counted so the frame can show the page loader for
 * a route that asks for it (`handle: { loader: true }`) until they are in (docs/decisions.md#the-page-loader).
 */
export interface PageDataLoads {
  /** Counts one load as pending; the function it returns ends it (once). */
  begin: () => () => void;
  pending: () => number;
  subscribe: (listener: () => void) => () => void;
}

export function createPageDataLoads(): PageDataLoads {
  let pending = 0;
  const listeners = new Set<() => void>();
  const changed = (by: number) => {
    pending += by;
    listeners.forEach((listener) => listener());
  };
  return {
    begin() {
      changed(1);
      let ended = false;
      return () => {
        if (ended) return;
        ended = true;
        changed(-1);
      };
    },
    pending: () => pending,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

const PageDataContext = createContext<PageDataLoads | null>(null);

export const PageDataProvider = PageDataContext.Provider;

/**
 * A page's data hook says whether its data is still loading. A layout effect, so a page that mounts with its data
 * pending is counted before the browser paints it; without the frame around (a component alone) it does nothing.
 */
export function usePageDataPending(pending: boolean): void {
  const loads = useContext(PageDataContext);
  useLayoutEffect(() => (pending && loads ? loads.begin() : undefined), [loads, pending]);
}
