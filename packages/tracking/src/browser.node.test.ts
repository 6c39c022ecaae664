import { browserCookies, browserLocalStorage, browserLocation, browserUserAgent } from './browser';
import { fakeLogger } from './test-fakes';

describe('browser defaults outside a browser (server rendering, tests)', () => {
  it('answer an empty address and user agent', () => {
    expect(browserLocation()).toBe('');
    expect(browserUserAgent()).toBe('');
  });

  it('keep values in memory, without warnings', () => {
    const logger = fakeLogger();
    const storage = browserLocalStorage(logger);
    storage.set('uid', 'visitor-1');
    expect(storage.get('uid')).toBe('visitor-1');
    expect(browserCookies(logger).get('_fbc')).toBeNull();
    expect(logger.warn).not.toHaveBeenCalled();
  });
});
