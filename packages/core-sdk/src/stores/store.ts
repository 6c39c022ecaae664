import { createStore as createVanillaStore, type StoreApi } from 'zustand/vanilla';

/**
 * zustand's vanilla store (docs/decisions.md#the-sdk-surface-the-web-app-binds-to): the web binds it with
 * `useStore(store, selector)` from zustand, a mobile app with the same call, and nothing under packages/ imports
 * React.
 */
export type Store<S> = StoreApi<S>;

/** The read side the SDK hands out: its state changes only through the SDK's own methods. */
export type ReadableStore<S> = Pick<StoreApi<S>, 'getState' | 'getInitialState' | 'subscribe'>;

/** A zustand vanilla store that starts at `initial`; `setState` merges a partial state, as zustand does. */
export function createStore<S extends object>(initial: S): Store<S> {
  return createVanillaStore<S>()(() => initial);
}
