import { memoryStorage, type KeyValueStorage } from '@wingmate/core-sdk';
import { fakeClock, fakeLogger } from '../test-fakes';
import { ATTRIBUTION_KEY, createAttributionStore, META_CLICK_COOKIE } from './attribution-store';

const landedAt = 1_700_000_000_000;

function setup(options: { storage?: KeyValueStorage; cookies?: KeyValueStorage } = {}) {
  const storage = options.storage ?? memoryStorage();
  const cookies = options.cookies ?? memoryStorage();
  const clock = fakeClock(landedAt);
  const logger = fakeLogger();
  const store = createAttributionStore({ storage, cookies, clock, logger });
  return { store, storage, cookies, clock, logger };
}

describe('attribution store (docs/product.md#every-page: tracking parameters re-read on every route change)', () => {
  it('keeps the parameters of an address in storage', () => {
    const { store, storage } = setup();
    store.capture('https://wingmate.app/?utm_source=Google&gclid=G1');
    expect((JSON.parse(storage.get(ATTRIBUTION_KEY) ?? '{}') as { params?: unknown }).params).toEqual({
      utm_source: 'google',
      gclid: 'G1',
    });
  });

  it('lets a new non-empty value replace the stored one', () => {
    const { store } = setup();
    store.capture('/?utm_source=google');
    store.capture('/?utm_source=tiktok');
    expect(store.getState().params.utm_source).toBe('tiktok');
  });

  it('keeps stored values that the new address does not carry', () => {
    const { store } = setup();
    store.capture('/?utm_source=google&gclid=G1');
    store.capture('/plans?ttclid=T1&utm_source=');
    expect(store.getState().params).toEqual({ utm_source: 'google', gclid: 'G1', ttclid: 'T1' });
  });

  it('reports no change and writes nothing when the same address is read again', () => {
    const { store, storage } = setup();
    const url = 'https://wingmate.app/plans?utm_source=Google&fbclid=F1';
    const first = store.capture(url);
    const written = jest.spyOn(storage, 'set');
    const second = store.capture(url);
    expect(first.changed).toBe(true);
    expect(second.changed).toBe(false);
    expect(written).not.toHaveBeenCalled();
    expect(second.state).toEqual(first.state);
  });

  it('reports no change for an address without parameters', () => {
    const { store } = setup();
    expect(store.capture('https://wingmate.app/chat').changed).toBe(false);
    expect(store.getState()).toEqual({ params: {}, fbc: null });
  });

  it('ignores an unreadable stored value, with a warning (docs/product.md#error-catalogue)', () => {
    const { store, logger } = setup({ storage: memoryStorage({ [ATTRIBUTION_KEY]: '{not json' }) });
    expect(store.getState()).toEqual({ params: {}, fbc: null });
    expect(logger.warn).toHaveBeenCalledTimes(1);
  });
});

describe('Meta fbc (docs/product.md#analytics-calls, facebook-event: fbc)', () => {
  it('is built from the fbclid with the time it was first seen', () => {
    const { store } = setup();
    store.capture('/?fbclid=IwAR0AbC');
    expect(store.fbc()).toBe(`fb.1.${landedAt}.IwAR0AbC`);
  });

  it('stays the same while the fbclid does', () => {
    const { store, clock } = setup();
    store.capture('/?fbclid=IwAR0AbC');
    clock.set(landedAt + 60_000);
    store.capture('/plans?fbclid=IwAR0AbC');
    store.capture('/chat');
    expect(store.fbc()).toBe(`fb.1.${landedAt}.IwAR0AbC`);
  });

  it('is made again, with the new time, for a new fbclid', () => {
    const { store, clock } = setup();
    store.capture('/?fbclid=IwAR0AbC');
    clock.set(landedAt + 60_000);
    store.capture('/?fbclid=IwAR9XyZ');
    expect(store.fbc()).toBe(`fb.1.${landedAt + 60_000}.IwAR9XyZ`);
  });

  it("prefers Meta's own _fbc cookie when the pixel set one", () => {
    const { store } = setup({
      cookies: memoryStorage({ [META_CLICK_COOKIE]: 'fb.1.1600000000000.FromPixel' }),
    });
    store.capture('/?fbclid=IwAR0AbC');
    expect(store.fbc()).toBe('fb.1.1600000000000.FromPixel');
  });

  it('is null before any fbclid was seen', () => {
    const { store } = setup();
    store.capture('/?gclid=G1');
    expect(store.fbc()).toBeNull();
  });
});
