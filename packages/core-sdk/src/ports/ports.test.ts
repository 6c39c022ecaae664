import { createClient } from '../client';
import { memoryStorage, safeStorage, type KeyValueStorage } from './storage';
import { storedVisitorId, VISITOR_ID_KEY } from './visitor-id';

const failing: KeyValueStorage = {
  get: () => {
    throw new Error('blocked');
  },
  set: () => {
    throw new Error('quota');
  },
  remove: () => {
    throw new Error('blocked');
  },
};

describe('safeStorage (docs/product.md#error-catalogue: storage failures are logged as warnings)', () => {
  it('logs a failed write as a warning instead of throwing', () => {
    const logger = { info: jest.fn(), warn: jest.fn<void, [string, ...unknown[]]>(), error: jest.fn() };
    const storage = safeStorage(failing, logger, 'cookie');
    expect(() => storage.set('a', '1')).not.toThrow();
    expect(storage.get('a')).toBeNull();
    expect(() => storage.remove('a')).not.toThrow();
    expect(logger.warn).toHaveBeenCalledTimes(3);
    expect(logger.warn.mock.calls[0]?.[0]).toBe('cookie: could not write "a"');
  });
});

describe('storedVisitorId (docs/product.md#tracking-parameters: a uid is kept in browser storage)', () => {
  it('creates the uid once and then keeps it', () => {
    const storage = memoryStorage();
    let made = 0;
    const uid = storedVisitorId(storage, () => `id-${++made}`);
    expect(uid.peek()).toBeNull();
    expect(uid.get()).toBe('id-1');
    expect(uid.get()).toBe('id-1');
    expect(storage.get(VISITOR_ID_KEY)).toBe('id-1');
  });

  it('reads a uid stored earlier by another package', () => {
    const uid = storedVisitorId(memoryStorage({ uid: 'from-tracking' }), () => 'new');
    expect(uid.get()).toBe('from-tracking');
  });

  it('renews: a new uid replaces the stored one and is kept from then on', () => {
    const storage = memoryStorage({ uid: 'old' });
    const uid = storedVisitorId(storage, () => 'fresh');
    expect(uid.renew()).toBe('fresh');
    expect([uid.get(), storage.get(VISITOR_ID_KEY)]).toEqual(['fresh', 'fresh']);
  });
});

describe('createClient keeps storage failures from breaking the app (docs/product.md#error-catalogue)', () => {
  it('logs a failing token cookie as a warning and goes on', () => {
    const logger = { info: jest.fn(), warn: jest.fn(), error: jest.fn() };
    const client = createClient({ baseURL: 'http://api.test', tokenStorage: failing, logger });
    expect(() => client.session.takeTokenFromUrl('http://localhost/?token=abc')).not.toThrow();
    expect(client.session.isLoggedIn()).toBe(false);
    expect(logger.warn).toHaveBeenCalledWith(
      'token storage: could not write "access_token"',
      expect.any(Error),
    );
  });
});
