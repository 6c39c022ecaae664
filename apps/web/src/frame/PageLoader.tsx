import { useEffect, useState } from 'react';
import { Spinner } from '../ui/Spinner';
import { VisuallyHidden } from '../ui/VisuallyHidden';

/** What the page loader is called by screen readers (and found by in tests). */
export const PAGE_LOADER_NAME = 'Loading the page';

/**
 * The page loader: a centred spinner while a route's data loads. `delayMs` keeps it hidden for fast loads, so a
 * quick navigation does not flash it; the room it takes is there from the start.
 */
export function PageLoader({ delayMs = 0 }: { delayMs?: number }) {
  const [visible, setVisible] = useState(delayMs === 0);
  useEffect(() => {
    if (delayMs === 0) return;
    const timer = setTimeout(() => setVisible(true), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);
  return (
    <div className="flex min-h-[50dvh] items-center justify-center text-brand" data-testid="page-loader">
      {visible && (
        // A status is named by its author only, so the name is given as well as read out.
        <div role="status" aria-label={PAGE_LOADER_NAME}>
          <Spinner size="lg" />
          <VisuallyHidden>{PAGE_LOADER_NAME}</VisuallyHidden>
        </div>
      )}
    </div>
  );
}
