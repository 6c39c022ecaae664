import { useEffect, useState } from 'react';
import { Spinner } from '../ui/Spinner';

/**
 * The page loader: a centred spinner while a route's data loads. `delayMs` keeps it hidden for fast loads, so a
 * quick navigation does not flash it.
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
      {visible && <Spinner size="lg" label="Loading the page" />}
    </div>
  );
}
