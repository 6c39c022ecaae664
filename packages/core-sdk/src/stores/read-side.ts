import type { ReadableStore, Store } from './store';

/** What a store hands out of its zustand store: the read side, so its state changes only through its methods. */
export function readSide<S>(store: Store<S>): ReadableStore<S> {
  return { getState: store.getState, getInitialState: store.getInitialState, subscribe: store.subscribe };
}
