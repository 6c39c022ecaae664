/** @jest-environment jsdom */
import Cookies from 'js-cookie';
import { browserAbTestStorage } from './persistence';

describe('browserAbTestStorage (docs/product.md#ab-test-assignments and docs/product.md#constants-and-limits: session storage and a cookie at path /)', () => {
  it("writes to this tab's sessionStorage", () => {
    browserAbTestStorage().session.set('abtests', '{"abtest_homepage":"control"}');
    expect(window.sessionStorage.getItem('abtests')).toBe('{"abtest_homepage":"control"}');
  });

  it('writes the cookie at path / even when told another path', () => {
    const set = jest.spyOn(Cookies, 'set');
    browserAbTestStorage({ path: '/chat', expires: 30 }).cookie.set(
      'abtests',
      '{"abtest_homepage":"control"}',
    );
    expect(set).toHaveBeenCalledWith(
      'abtests',
      '{"abtest_homepage":"control"}',
      expect.objectContaining({ path: '/', expires: 30 }),
    );
    expect(document.cookie).toContain('abtests=');
  });
});
