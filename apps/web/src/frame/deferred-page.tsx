import { startTransition, useEffect, useState, type ComponentType } from 'react';
import { afterFirstPaint } from './after-first-paint';

/** What a lazy route module gives (`lazy: () => import(...)`): the page, at least. */
export interface PageModule {
  Component?: ComponentType | null;
  /** A route loader: not for a page with a shell, which renders before any data (refused when loaded). */
  loader?: unknown;
}

/**
 * The first page of a visit, when it needs its own code and the services: its shell (in the entry: the heading
 * and a loading state shaped like the page) paints at once, with the frame, and the page's code and the services
 * load only after that paint, then replace the shell. A route that waits for them instead paints nothing until
 * its chunk, the services' chunk and their first requests are all in, and everything fetched before the largest
 * paint makes it later (Lighthouse counts it).
 *
 * `load` is called once per page load and its page kept, so coming back to this route later shows the page at
 * once; a failed load throws to the route's error boundary and is tried again on the next visit.
 */
export function deferredPage(
  load: () => Promise<PageModule>,
  Shell: ComponentType,
  whenPainted: (start: () => void) => void = afterFirstPaint,
): ComponentType {
  let loaded: ComponentType | null = null;
  let loading: Promise<ComponentType> | null = null;
  const loadOnce = () =>
    (loading ??= load().then(
      (module) => {
        if (!module.Component) throw new Error('A deferred page module has no Component');
        if (module.loader) throw new Error('A page with a shell cannot have a route loader');
        loaded = module.Component;
        return loaded;
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    ));

  return function DeferredPage() {
    const [Page, setPage] = useState<ComponentType | null>(() => loaded);
    const [failure, setFailure] = useState<{ error: unknown } | null>(null);
    useEffect(() => {
      if (Page) return;
      let mounted = true;
      whenPainted(
        () =>
          void loadOnce().then(
            // A transition: React draws the page in slices with the browser free between them.
            (component) => mounted && startTransition(() => setPage(() => component)),
            (error: unknown) => mounted && setFailure({ error }),
          ),
      );
      return () => {
        mounted = false;
      };
    }, [Page]);
    if (failure) throw failure.error;
    return Page ? <Page /> : <Shell />;
  };
}
