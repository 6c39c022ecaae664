/**
 * A vanilla store in zustand's shape (`getState`, `getInitialState`, `subscribe`), so the web app binds it with
 * zustand's `useStore(store, selector)` and nothing under packages/ imports React.
 */
export interface ReadableStore<S> {
  getState(): S;
  getInitialState(): S;
  subscribe(listener: (state: S, previous: S) => void): () => void;
}

export interface Store<S> extends ReadableStore<S> {
  setState(partial: Partial<S> | ((state: S) => Partial<S>)): void;
}

export function createStore<S extends object>(initial: S): Store<S> {
  let state = initial;
  const listeners = new Set<(state: S, previous: S) => void>();
  return {
    getState: () => state,
    getInitialState: () => initial,
    setState(partial) {
      const next = typeof partial === 'function' ? partial(state) : partial;
      const previous = state;
      state = { ...state, ...next };
      listeners.forEach((listener) => listener(state, previous));
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
