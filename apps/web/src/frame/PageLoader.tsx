import { useEffect, useId, useState } from 'react';
import { Spinner } from '../ui/Spinner';

/** What the page loader is called by screen readers (and found by in tests). */
export const PAGE_LOADER_NAME = 'Loading the page';

/**
 * The page loader: a centred spinner while a route's data loads. `delayMs` keeps it hidden for fast loads, so a
 * quick navigation does not flash it; the room it takes is there from the start.
 */
export function PageLoader({ delayMs = 0 }: { delayMs?: number }) {
  const [visible, setVisible] = useState(delayMs === 0);
  const headingId = useId();
  useEffect(() => {
    if (delayMs === 0) return;
    const timer = setTimeout(() => setVisible(true), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);
  return (
    <div className="flex min-h-[50dvh] items-center justify-center text-brand" data-testid="page-loader">
      {visible && (
        // The loader stands in for the page, so it also stands in for the page's heading (read as the status'
        // name and announced when it appears) until the page shows.
        <div role="status" aria-labelledby={headingId}>
          <h1 id={headingId} className="sr-only">
            {PAGE_LOADER_NAME}
          </h1>
          <Spinner size="lg" />
        </div>
      )}
    </div>
  );
}
