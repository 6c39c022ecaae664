import { createStore } from './store';

describe('createStore (conventions: zustand-like vanilla store)', () => {
  it('tells subscribers the new and the previous state', () => {
    const store = createStore({ count: 0, label: 'a' });
    const listener = jest.fn();
    store.subscribe(listener);
    store.setState({ count: 1 });
    expect(listener).toHaveBeenCalledWith({ count: 1, label: 'a' }, { count: 0, label: 'a' });
    expect(store.getState()).toEqual({ count: 1, label: 'a' });
    expect(store.getInitialState()).toEqual({ count: 0, label: 'a' });
  });

  it('stays silent when nothing changed', () => {
    const store = createStore({ count: 0 });
    const listener = jest.fn();
    store.subscribe(listener);
    store.setState({ count: 0 });
    expect(listener).not.toHaveBeenCalled();
  });

  it('stops telling a subscriber that unsubscribed', () => {
    const store = createStore({ count: 0 });
    const listener = jest.fn();
    store.subscribe(listener)();
    store.setState({ count: 1 });
    expect(listener).not.toHaveBeenCalled();
  });
});
