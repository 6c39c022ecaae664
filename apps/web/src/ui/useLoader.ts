import { useCallback, useEffect, useEffectEvent, useState, type Dispatch, type SetStateAction } from 'react';
import { usePageDataPending } from '../frame/page-data';
import { errorMessage } from './error-message';

export type LoadState<T> =
  { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; data: T };

export interface Loader<T> {
  state: LoadState<T>;
  /** Loads again (the "Try again" of an error). */
  reload: () => void;
  /** Changes the loaded data after a successful action, without a new load. */
  update: Dispatch<SetStateAction<T>>;
}

/**
 * A screen's data: loading, then ready or failed (in the server's words). The load is cancelled when the screen
 * closes or loads again, so a late answer never lands on a newer one. The frame's page loader waits for the first
 * load on routes that ask for it.
 */
export function useLoader<T>(load: (signal: AbortSignal) => Promise<T>): Loader<T> {
  const [state, setState] = useState<LoadState<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  usePageDataPending(state.status === 'loading');
  // Screens pass a fresh `load` every render: each attempt calls the latest, and a new one alone loads nothing.
  const loadLatest = useEffectEvent((signal: AbortSignal) => load(signal));

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    loadLatest(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ status: 'ready', data });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'error', message: errorMessage(error) });
      },
    );
    return () => controller.abort();
  }, [attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const update = useCallback<Dispatch<SetStateAction<T>>>(
    (next) =>
      setState((current) =>
        current.status === 'ready'
          ? {
              status: 'ready',
              data: typeof next === 'function' ? (next as (value: T) => T)(current.data) : next,
            }
          : current,
      ),
    [],
  );
  return { state, reload, update };
}
