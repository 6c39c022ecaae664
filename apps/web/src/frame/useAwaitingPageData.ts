import { useLayoutEffect, useState, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router-dom';
import type { PageDataLoads } from './page-data';

/**
 * Whether the page at this address still waits for its first data (`loads`), when its route asks for the page
 * loader (`wanted`). Once its data is in, the page stays shown until the next navigation: a later load (a retry, a
 * section opened afterwards) shows the page's own loading state, never the page loader again.
 */
export function useAwaitingPageData(loads: PageDataLoads, wanted: boolean): boolean {
  const { key } = useLocation();
  const pending = useSyncExternalStore(loads.subscribe, loads.pending);
  const [shownAt, setShownAt] = useState<string | null>(null);
  useLayoutEffect(() => {
    // Read now, not from the render: the page's own layout effects (children run first) have counted its loads.
    if (loads.pending() === 0) setShownAt(key);
  }, [loads, pending, key]);
  return wanted && shownAt !== key;
}
