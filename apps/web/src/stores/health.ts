import { createStore } from 'zustand/vanilla';

export interface ApiHealth {
  status: string;
  database: string;
}

export type HealthState =
  | { phase: 'idle' }
  | { phase: 'loading' }
  | { phase: 'ready'; health: ApiHealth }
  | { phase: 'unreachable'; reason: string };

export interface HealthStore {
  state: HealthState;
  check(): Promise<void>;
}

/** Reads the API's `/healthz`, so the first page shows whether the server and its database answer. */
export function createHealthStore(apiServer: string, fetcher: typeof fetch = (...args) => fetch(...args)) {
  return createStore<HealthStore>((set) => ({
    state: { phase: 'idle' },
    check: async () => {
      set({ state: { phase: 'loading' } });
      try {
        const response = await fetcher(`${apiServer}/healthz`);
        const body = (await response.json()) as Partial<ApiHealth>;
        if (!response.ok || body.status !== 'ok') {
          set({ state: { phase: 'unreachable', reason: `The API answered ${response.status}` } });
          return;
        }
        set({ state: { phase: 'ready', health: { status: body.status, database: String(body.database) } } });
      } catch {
        set({ state: { phase: 'unreachable', reason: `No answer from ${apiServer}` } });
      }
    },
  }));
}
