import type { AuthTokens } from '@wingmate/api-contract';
import type { LightMyRequestResponse } from 'fastify';
import { bearer, signUpByEmail, testClock, uniqueEmail, uniqueIp } from '../testing/sign-in';
import { describeOnOneDatabase } from '../testing/test-app';

// docs/decisions.md#sessions-in-the-browser: the web asks for cookie mode; every other client keeps the body.
const COOKIE_MODE = { 'x-session-mode': 'cookie' };
const REFRESH_COOKIE = 'wingmate_refresh';
const REFRESH_PATH = '/auth/token/refresh/';
const PASSWORD = 'correct horse battery staple';
const THIRTY_DAYS_S = 30 * 24 * 60 * 60;

const clock = testClock();

function refreshCookieOf(response: LightMyRequestResponse) {
  return response.cookies.find((cookie) => cookie.name === REFRESH_COOKIE);
}

function cookieHeader(value: string): { cookie: string } {
  return { cookie: `${REFRESH_COOKIE}=${value}` };
}

describeOnOneDatabase(
  'the refresh token in an HttpOnly cookie (cookie mode)',
  (getApp) => {
    const signUpInCookieMode = async (headers: Record<string, string> = {}) => {
      const response = await getApp().inject({
        method: 'POST',
        url: '/register/email/',
        payload: { email: uniqueEmail('cookie'), password: PASSWORD },
        headers: { ...COOKIE_MODE, ...headers },
        remoteAddress: uniqueIp(),
      });
      expect(response.statusCode).toBe(201);
      return response;
    };
    const refreshWithCookie = (value: string, headers: Record<string, string> = COOKIE_MODE) =>
      getApp().inject({ method: 'POST', url: REFRESH_PATH, headers: { ...headers, ...cookieHeader(value) } });
    const getUser = (access: string) =>
      getApp().inject({ method: 'GET', url: '/auth/user/', headers: bearer({ access }) });

    it('a sign-in sets the refresh token as an HttpOnly, SameSite=Strict cookie on the refresh path, never in the body', async () => {
      const response = await signUpInCookieMode();
      const body = response.json<Partial<AuthTokens>>();
      expect(body.refresh).toBeUndefined();
      expect(body.access).toEqual(expect.any(String));
      const cookie = refreshCookieOf(response);
      expect(cookie).toMatchObject({
        httpOnly: true,
        sameSite: 'Strict',
        path: REFRESH_PATH,
        maxAge: THIRTY_DAYS_S,
      });
      expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{20,}$/);
      // Plain http (a developer's machine): a Secure cookie would never be sent back.
      expect(cookie?.secure).toBeFalsy();
    });

    it('rotates through the cookie with no body: a new access token, a new cookie, no refresh token in the body', async () => {
      const signedIn = refreshCookieOf(await signUpInCookieMode());
      const response = await refreshWithCookie(signedIn!.value);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const body = response.json<{ access: string; refresh?: string }>();
      expect(Object.keys(body)).toEqual(['access']);
      const rotated = refreshCookieOf(response);
      expect(rotated).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: REFRESH_PATH });
      expect(rotated?.value).not.toBe(signedIn!.value);
      expect((await getUser(body.access)).statusCode).toBe(200);
      expect((await refreshWithCookie(rotated!.value)).statusCode).toBe(200);
    });

    it('a rotated cookie presented again after 10 s is reuse: the session is revoked', async () => {
      const signedIn = refreshCookieOf(await signUpInCookieMode());
      const rotated = refreshCookieOf(await refreshWithCookie(signedIn!.value));
      clock.advance(10 * 1000 + 1);
      expect((await refreshWithCookie(signedIn!.value)).statusCode).toBe(401);
      expect((await refreshWithCookie(rotated!.value)).statusCode).toBe(401);
    });

    it('a refresh token sent in the body in cookie mode (kept by an older web build) moves into the cookie', async () => {
      const tokens = await signUpByEmail(getApp());
      const response = await getApp().inject({
        method: 'POST',
        url: REFRESH_PATH,
        headers: COOKIE_MODE,
        payload: { refresh: tokens.refresh },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).not.toHaveProperty('refresh');
      expect(refreshCookieOf(response)?.value).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    });

    it('refresh in cookie mode without the cookie is the field error of a missing token', async () => {
      const response = await getApp().inject({ method: 'POST', url: REFRESH_PATH, headers: COOKIE_MODE });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ refresh: ['This field is required.'] });
    });

    it('body mode is unchanged: the refresh token in the body, no cookie, and a cookie sent is not read', async () => {
      const signUp = await getApp().inject({
        method: 'POST',
        url: '/register/email/',
        payload: { email: uniqueEmail('body'), password: PASSWORD },
        remoteAddress: uniqueIp(),
      });
      const tokens = signUp.json<AuthTokens>();
      expect(tokens.refresh).toEqual(expect.any(String));
      expect(refreshCookieOf(signUp)).toBeUndefined();

      const renewed = await getApp().inject({
        method: 'POST',
        url: REFRESH_PATH,
        payload: { refresh: tokens.refresh },
      });
      expect(renewed.statusCode).toBe(200);
      expect(renewed.json()).toEqual({ access: expect.any(String), refresh: expect.any(String) });
      expect(refreshCookieOf(renewed)).toBeUndefined();

      const pair = renewed.json<{ refresh: string }>();
      const cookieOnly = await refreshWithCookie(pair.refresh, {});
      expect(cookieOnly.statusCode).toBe(400);
    });

    it('logout clears the cookie on its path and revokes the session, with no body', async () => {
      const signedIn = await signUpInCookieMode();
      const { access } = signedIn.json<{ access: string }>();
      const logout = await getApp().inject({
        method: 'POST',
        url: '/auth/logout/',
        headers: { ...COOKIE_MODE, ...bearer({ access }) },
      });
      expect(logout.statusCode).toBe(200);
      expect(refreshCookieOf(logout)).toMatchObject({
        value: '',
        maxAge: 0,
        path: REFRESH_PATH,
        httpOnly: true,
      });
      expect((await refreshWithCookie(refreshCookieOf(signedIn)!.value)).statusCode).toBe(401);
      expect((await getUser(access)).statusCode).toBe(401);
    });

    it('log out everywhere clears the cookie', async () => {
      const signedIn = await signUpInCookieMode();
      const response = await getApp().inject({
        method: 'POST',
        url: '/auth/logout/all/',
        headers: { ...COOKIE_MODE, ...bearer(signedIn.json<{ access: string }>()) },
      });
      expect(response.statusCode).toBe(200);
      expect(refreshCookieOf(response)).toMatchObject({ value: '', maxAge: 0, path: REFRESH_PATH });
    });

    it('deleting the account clears the cookie', async () => {
      const signedIn = await signUpInCookieMode();
      const response = await getApp().inject({
        method: 'POST',
        url: '/api/v1/accounts/user/delete/',
        payload: { password: PASSWORD },
        headers: { ...COOKIE_MODE, ...bearer(signedIn.json<{ access: string }>()) },
        remoteAddress: uniqueIp(),
      });
      expect(response.statusCode).toBe(200);
      expect(refreshCookieOf(response)).toMatchObject({ value: '', maxAge: 0, path: REFRESH_PATH });
    });
  },
  {},
  { clock },
);

describeOnOneDatabase(
  'the refresh cookie behind a proxy the server trusts',
  (getApp) => {
    const signUp = (headers: Record<string, string>) =>
      getApp().inject({
        method: 'POST',
        url: '/register/email/',
        payload: { email: uniqueEmail('proxied'), password: PASSWORD },
        headers: { ...COOKIE_MODE, ...headers },
        remoteAddress: uniqueIp(),
      });

    it('is Secure when the proxy says the request came over https', async () => {
      const response = await signUp({ 'x-forwarded-proto': 'https' });
      expect(refreshCookieOf(response)).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Strict' });
    });

    it('is not Secure for a plain http request', async () => {
      const cookie = refreshCookieOf(await signUp({}));
      expect(cookie).toMatchObject({ httpOnly: true });
      expect(cookie?.secure).toBeFalsy();
    });
  },
  { trustProxy: true },
);

describeOnOneDatabase('the refresh cookie without a trusted proxy', (getApp) => {
  it('ignores X-Forwarded-Proto from anyone', async () => {
    const response = await getApp().inject({
      method: 'POST',
      url: '/register/email/',
      payload: { email: uniqueEmail('direct'), password: PASSWORD },
      headers: { ...COOKIE_MODE, 'x-forwarded-proto': 'https' },
      remoteAddress: uniqueIp(),
    });
    expect(response.statusCode).toBe(201);
    const cookie = refreshCookieOf(response);
    expect(cookie).toMatchObject({ httpOnly: true });
    expect(cookie?.secure).toBeFalsy();
  });
});
