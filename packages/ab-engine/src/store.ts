export type Listener<T> = (state: T, previousState: T) => void;

/** Read side of a zustand-like vanilla store; `useStore(engine.store)` from zustand binds it to React as is. */
export interface ReadonlyStore<T> {
  getState(): T;
  getInitialState(): T;
  subscribe(listener: Listener<T>): () => void;
}

export interface Store<T> extends ReadonlyStore<T> {
  setState(partial: Partial<T>): void;
}

export function createStore<T extends object>(initialState: T): Store<T> {
  let state = initialState;
  const listeners = new Set<Listener<T>>();
  return {
    getState: () => state,
    getInitialState: () => initialState,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    setState: (partial) => {
      const changed = (Object.keys(partial) as (keyof T)[]).some(
        (key) => !Object.is(partial[key], state[key]),
      );
      if (!changed) return;
      const previousState = state;
      state = { ...state, ...partial };
      listeners.forEach((listener) => listener(state, previousState));
    },
  };
}
