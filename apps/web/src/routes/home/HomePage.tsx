import { useEffect } from 'react';
import { useStore } from 'zustand';
import type { StoreApi } from 'zustand/vanilla';
import type { HealthStore } from '../../stores/health';

export function HomePage({ healthStore }: { healthStore: StoreApi<HealthStore> }) {
  const state = useStore(healthStore, (store) => store.state);
  const check = useStore(healthStore, (store) => store.check);

  useEffect(() => {
    // Leaving the page cancels the check (decisions.md: every SDK call takes an AbortSignal).
    const controller = new AbortController();
    void check(controller.signal);
    return () => controller.abort();
  }, [check]);

  return (
    <main className="home">
      <h1>Wingmate</h1>
      <p className="tagline">
        Your AI companion and dating coach: chat, get a better bio, and honest photo reviews.
      </p>
      <section aria-label="Service status" className="status">
        <HealthLine state={state} />
      </section>
    </main>
  );
}

function HealthLine({ state }: { state: HealthStore['state'] }) {
  switch (state.phase) {
    case 'idle':
    case 'loading':
      return <p role="status">Checking the service…</p>;
    case 'ready':
      return (
        <p role="status" data-health="ok">
          Service is up (database: {state.health.database})
        </p>
      );
    case 'unreachable':
      return (
        <p role="status" data-health="down">
          Service unavailable: {state.reason}
        </p>
      );
  }
}
