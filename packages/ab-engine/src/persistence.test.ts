import { memoryStorage, type KeyValueStorage } from '@wingmate/core-sdk';
import { AB_TESTS_STORAGE_KEY } from './constants';
import { assignmentPersistence } from './persistence';

const fakeLogger = () => ({ info: jest.fn(), warn: jest.fn(), error: jest.fn() });

const refusingWrites = (): KeyValueStorage => ({
  get: () => null,
  set: () => {
    throw new Error('cookies blocked');
  },
  remove: () => undefined,
});

describe('assignment persistence (docs/product.md#ab-test-assignments: session storage and a cookie at path /)', () => {
  it('writes one JSON object under "abtests" to session storage and to the cookie', () => {
    const session = memoryStorage();
    const cookie = memoryStorage();
    assignmentPersistence({ session, cookie }, fakeLogger()).write({ abtest_homepage: 'chat_first' });
    expect(AB_TESTS_STORAGE_KEY).toBe('abtests');
    expect(session.get('abtests')).toBe('{"abtest_homepage":"chat_first"}');
    expect(cookie.get('abtests')).toBe('{"abtest_homepage":"chat_first"}');
  });

  it('logs a failing cookie write as a warning, does not throw, and still writes session storage (docs/product.md#error-catalogue)', () => {
    const logger = fakeLogger();
    const session = memoryStorage();
    const persistence = assignmentPersistence({ session, cookie: refusingWrites() }, logger);
    expect(() => persistence.write({ abtest_homepage: 'control' })).not.toThrow();
    expect(session.get('abtests')).toBe('{"abtest_homepage":"control"}');
    expect(logger.warn).toHaveBeenCalledWith(
      'ab-engine cookie: could not write "abtests"',
      expect.any(Error),
    );
    expect(logger.error).not.toHaveBeenCalled();
  });

  it('reads the cookie overlaid by session storage, so a new tab still finds the cookie values', () => {
    const session = memoryStorage({ abtests: '{"abtest_homepage":"chat_first"}' });
    const cookie = memoryStorage({
      abtests: '{"abtest_homepage":"control","abtest_verification":"after_free"}',
    });
    expect(assignmentPersistence({ session, cookie }, fakeLogger()).read()).toEqual({
      abtest_homepage: 'chat_first',
      abtest_verification: 'after_free',
    });
  });

  it.each([['not json'], ['["abtest_homepage"]'], ['null']])(
    'ignores an unreadable stored value (%s) with a warning',
    (raw) => {
      const logger = fakeLogger();
      const persistence = assignmentPersistence(
        { session: memoryStorage({ abtests: raw }), cookie: memoryStorage() },
        logger,
      );
      expect(persistence.read()).toEqual({});
      expect(logger.warn).toHaveBeenCalledWith(
        'ab-engine: ignored unreadable assignments in session storage',
        expect.any(Error),
      );
    },
  );

  it('drops stored entries whose value is not a string', () => {
    const session = memoryStorage({ abtests: '{"abtest_homepage":"control","abtest_offer":7}' });
    expect(assignmentPersistence({ session, cookie: memoryStorage() }, fakeLogger()).read()).toEqual({
      abtest_homepage: 'control',
    });
  });
});
