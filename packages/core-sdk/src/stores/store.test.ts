import { createStore } from './store';

describe('createStore (docs/decisions.md#the-sdk-surface-the-web-app-binds-to: a zustand vanilla store)', () => {
  it('merges partial state and tells subscribers the new and previous state', () => {
    const store = createStore({ count: 0, label: 'a' });
    const listener = jest.fn();
    store.subscribe(listener);
    store.setState({ count: 1 });
    expect(store.getState()).toEqual({ count: 1, label: 'a' });
    expect(listener).toHaveBeenCalledWith({ count: 1, label: 'a' }, { count: 0, label: 'a' });
  });

  it('takes an updater function', () => {
    const store = createStore({ count: 1 });
    store.setState((state) => ({ count: state.count + 1 }));
    expect(store.getState().count).toBe(2);
  });

  it('stops telling a subscriber after it unsubscribes', () => {
    const store = createStore({ count: 0 });
    const listener = jest.fn();
    const unsubscribe = store.subscribe(listener);
    unsubscribe();
    store.setState({ count: 1 });
    expect(listener).not.toHaveBeenCalled();
  });

  it('keeps the initial state for server rendering', () => {
    const store = createStore({ count: 0 });
    store.setState({ count: 5 });
    expect(store.getInitialState()).toEqual({ count: 0 });
  });
});
