import { createStore as createVanillaStore, type StoreApi } from 'zustand/vanilla';

export type Listener<T> = (state: T, previousState: T) => void;

/** The read side of a zustand vanilla store; `useStore(engine.store, selector)` from zustand binds it as is. */
export type ReadonlyStore<T> = Pick<StoreApi<T>, 'getState' | 'getInitialState' | 'subscribe'>;

export interface Store<T> extends ReadonlyStore<T> {
  setState(partial: Partial<T>): void;
}

/**
 * A zustand vanilla store whose `setState` stays silent when nothing changed, so the engine's waits (`when`) and
 * the bound components are not woken for a value they already have.
 */
export function createStore<T extends object>(initialState: T): Store<T> {
  const store = createVanillaStore<T>()(() => initialState);
  return {
    getState: store.getState,
    getInitialState: store.getInitialState,
    subscribe: store.subscribe,
    setState: (partial) => {
      const state = store.getState();
      const changed = (Object.keys(partial) as (keyof T)[]).some(
        (key) => !Object.is(partial[key], state[key]),
      );
      if (changed) store.setState(partial);
    },
  };
}
