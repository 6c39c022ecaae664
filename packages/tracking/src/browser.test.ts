/**
 * @jest-environment jsdom
 * @jest-environment-options {"url": "https://wingmate.app/plans?utm_source=google"}
 */
import { browserCookies, browserLocalStorage, browserLocation, browserUserAgent } from './browser';
import { fakeLogger } from './test-fakes';

describe('browser defaults (read window when called)', () => {
  it('keeps values in localStorage', () => {
    browserLocalStorage(fakeLogger()).set('uid', 'visitor-1');
    expect(window.localStorage.getItem('uid')).toBe('visitor-1');
  });

  it("reads the page's cookies, where Meta's pixel writes _fbc", () => {
    document.cookie = '_fbc=fb.1.1600000000000.FromPixel; path=/';
    expect(browserCookies(fakeLogger()).get('_fbc')).toBe('fb.1.1600000000000.FromPixel');
  });

  it('reads the address of the page', () => {
    expect(browserLocation()).toBe('https://wingmate.app/plans?utm_source=google');
  });

  it("reads the browser's user agent", () => {
    expect(browserUserAgent()).toBe(window.navigator.userAgent);
    expect(browserUserAgent()).not.toBe('');
  });
});
