import { useEffect } from 'react';
import { useStore } from 'zustand';
import type { StoreApi } from 'zustand/vanilla';
import type { HealthStore } from '../stores/health';
import { cn } from '../ui/cn';

/**
 * A small line in the footer saying whether the service answers (checked once per visit). It names no server
 * internals (the database, the API's address): the reason of a failure stays in the health store.
 */
export function ServiceStatus({ healthStore }: { healthStore: StoreApi<HealthStore> }) {
  const state = useStore(healthStore, (store) => store.state);
  const check = useStore(healthStore, (store) => store.check);

  useEffect(() => {
    const visit = new AbortController();
    void check(visit.signal);
    return () => visit.abort();
  }, [check]);

  const dot = (tone: string) => (
    <span aria-hidden="true" className={cn('inline-block size-2 rounded-full', tone)} />
  );
  switch (state.phase) {
    case 'idle':
    case 'loading':
      return (
        <p role="status" className="flex items-center gap-2">
          {dot('bg-line-strong')}Checking the service…
        </p>
      );
    case 'ready':
      return (
        <p role="status" className="flex items-center gap-2">
          {dot('bg-success')}
          <span data-health="ok">Service is up</span>
        </p>
      );
    case 'unreachable':
      return (
        <p role="status" className="flex items-center gap-2">
          {dot('bg-danger')}
          <span data-health="down">Service unavailable right now</span>
        </p>
      );
  }
}
