/** @jest-environment jsdom */
import Cookies from 'js-cookie';
import { createClient } from '../client';
import { silentLogger } from './logger';
import { cookieStorage } from './storage';

// An access token in a cookie means logged in; the cookies sit at path / (docs/product.md#the-clients-rules-core-sdk).
describe('tokens in cookies', () => {
  afterEach(() => {
    document.cookie.split(';').forEach((cookie) => {
      document.cookie = `${cookie.split('=')[0]?.trim()}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
    });
  });

  it('reads a session from the cookie jar shared by every tab', () => {
    document.cookie = 'access_token=jwt-from-cookie; path=/';
    const client = createClient({
      baseURL: 'http://api.test',
      tokenStorage: cookieStorage(),
      logger: silentLogger,
    });
    expect(client.session.isLoggedIn()).toBe(true);
  });

  it('stores the ?token= login link as a "Token " cookie', () => {
    const client = createClient({
      baseURL: 'http://api.test',
      tokenStorage: cookieStorage(),
      logger: silentLogger,
    });
    client.session.takeTokenFromUrl('http://localhost/?token=abc');
    expect(decodeURIComponent(document.cookie)).toContain('access_token=Token abc');
  });

  it('writes the token cookies at path / so every page reads them (docs/product.md#constants-and-limits)', () => {
    const set = jest.spyOn(Cookies, 'set');
    cookieStorage().set('access_token', 'jwt');
    expect(set).toHaveBeenCalledWith('access_token', 'jwt', expect.objectContaining({ path: '/' }));
    set.mockRestore();
  });
});
