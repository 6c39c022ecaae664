import { isApiError, type ResponseOf, type WingmateClient } from '@wingmate/core-sdk';
import { createStore } from 'zustand/vanilla';

/** What `/healthz` answers, as the SDK types it. */
export type ApiHealth = ResponseOf<'healthz'>;

export type HealthState =
  | { phase: 'idle' }
  | { phase: 'loading' }
  | { phase: 'ready'; health: ApiHealth }
  | { phase: 'unreachable'; reason: string };

export interface HealthStore {
  state: HealthState;
  /** Asks the API; an aborted check (the page closed) changes nothing. */
  check: (signal?: AbortSignal) => Promise<void>;
}

/** Reads the API's `/healthz` through the SDK, so the first page shows whether the server and its database answer. */
export function createHealthStore(system: Pick<WingmateClient['system'], 'healthz'>, apiServer: string) {
  return createStore<HealthStore>((set) => ({
    state: { phase: 'idle' },
    check: async (signal) => {
      set({ state: { phase: 'loading' } });
      try {
        const health = await system.healthz({ signal });
        set({ state: { phase: 'ready', health } });
      } catch (error) {
        if (signal?.aborted) return;
        const answered = isApiError(error) && error.status > 0;
        const reason = answered ? `The API answered ${error.status}` : `No answer from ${apiServer}`;
        set({ state: { phase: 'unreachable', reason } });
      }
    },
  }));
}
