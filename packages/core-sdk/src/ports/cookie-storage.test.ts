/** @jest-environment jsdom */
import { createClient } from '../client';
import { silentLogger } from './logger';
import { cookieStorage } from './storage';

describe('tokens in cookies (spec 4: an access token in a cookie means logged in; spec 9: path /)', () => {
  afterEach(() => {
    document.cookie.split(';').forEach((cookie) => {
      document.cookie = `${cookie.split('=')[0].trim()}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
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
});
