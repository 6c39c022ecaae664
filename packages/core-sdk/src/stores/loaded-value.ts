import { isApiError, type ApiError } from '../errors/api-error';
import { sharedLoad } from './shared-load';
import type { Store } from './store';

/**
 * One value an account section shows, such as the saved card or the spending cap. `status` is the last answer:
 * `pending` until the first one, so a screen waits for it once; a reload keeps the last answer on screen (with
 * `loading` true) until the next one replaces it.
 */
export interface LoadedValue<T> {
  status: 'pending' | 'success' | 'failure';
  data: T | null;
  error: ApiError | null;
  loading: boolean;
}

export const notLoaded = <T>(): LoadedValue<T> => ({
  status: 'pending',
  data: null,
  error: null,
  loading: false,
});

/**
 * Loads the value a store's state holds at its top level, one load at a time (concurrent callers share it). It
 * never rejects: a failure is the state's answer, which the screen shows with a way to try again.
 */
export function valueLoader<T, S extends LoadedValue<T>>(
  store: Store<S>,
  fetch: () => Promise<T>,
): () => Promise<void> {
  const patch = (value: Partial<LoadedValue<T>>) => store.setState(value as Partial<S>);
  return sharedLoad(async () => {
    patch({ loading: true });
    try {
      const data = await fetch();
      patch({ status: 'success', data, error: null, loading: false });
    } catch (error) {
      patch({ status: 'failure', error: isApiError(error) ? error : null, loading: false });
    }
  });
}
