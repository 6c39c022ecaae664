/** @jest-environment jsdom */
import { cookieStorage, memoryStorage } from '../ports/storage';
import { fakeClient, type SeenRequest } from '../testing/fake-api';
import { ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY } from './tokens';

// docs/decisions.md#sessions-in-the-browser: a browser client keeps no refresh token where a script can read it
// (the server holds it in an HttpOnly cookie); every other client keeps it and sends it in the body.

const user = { pk: 1, first_name: 'Ann' };
const tokenNotValid = { detail: 'Given token not valid for any token type', code: 'token_not_valid' };

/** Signs in, then answers `/auth/user/` 401 once for the first token, and refreshes to `jwt-2`. */
function api(request: SeenRequest) {
  if (request.path === '/register/login/') {
    return {
      status: 200,
      data: { access: 'jwt-1', ...(cookieMode(request) ? {} : { refresh: 'r-1' }), user },
    };
  }
  if (request.path === '/auth/token/refresh/') {
    return { status: 200, data: { access: 'jwt-2', ...(cookieMode(request) ? {} : { refresh: 'r-2' }) } };
  }
  if (request.path === '/auth/user/') {
    return request.authorization === 'Bearer jwt-1'
      ? { status: 401, data: tokenNotValid }
      : { status: 200, data: user };
  }
  return { status: 200, data: { detail: 'ok' } };
}

const cookieMode = (request: SeenRequest) => request.config.headers.get('X-Session-Mode') === 'cookie';
const signIn = { email: 'ann@example.com', password: 'correct horse battery staple' };
const seen = (requests: SeenRequest[], path: string) => requests.find((request) => request.path === path);

afterEach(() => {
  for (const name of [ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY]) document.cookie = `${name}=; max-age=0; path=/`;
});

describe('cookie mode, the web configuration (token cookies, sessionMode "cookie")', () => {
  const browserClient = () => fakeClient(api, { tokenStorage: cookieStorage(), sessionMode: 'cookie' });

  it('asks for cookie mode, with credentials, and keeps no refresh token in a cookie a script can read', async () => {
    const { client, requests } = browserClient();
    await client.auth.loginEmail(signIn);
    const login = seen(requests, '/register/login/')!;
    expect(cookieMode(login)).toBe(true);
    expect(login.config.withCredentials).toBe(true);
    expect(document.cookie).toContain('access_token=jwt-1');
    expect(document.cookie).not.toContain('refresh');
    expect(client.session.isLoggedIn()).toBe(true);
  });

  it('refreshes an expired access token with no refresh token in the body: the server reads its cookie', async () => {
    const { client, requests } = browserClient();
    await client.auth.loginEmail(signIn);
    await expect(client.auth.getAuthUser()).resolves.toEqual(user);
    const refresh = seen(requests, '/auth/token/refresh/')!;
    expect(cookieMode(refresh)).toBe(true);
    expect(refresh.config.withCredentials).toBe(true);
    expect(refresh.body ?? {}).toEqual({});
    expect(document.cookie).toContain('access_token=jwt-2');
    expect(document.cookie).not.toContain('refresh');
  });

  it('sends a refresh token kept by an older build once, in the body, and then forgets it', async () => {
    document.cookie = 'access_token=jwt-1; path=/';
    document.cookie = 'refresh_token=r-old; path=/';
    const { client, requests } = browserClient();
    await client.auth.getAuthUser();
    expect(seen(requests, '/auth/token/refresh/')!.body).toEqual({ refresh: 'r-old' });
    expect(document.cookie).not.toContain('refresh');
  });

  it('logs out by naming the session with its access token, and the server clears the cookie', async () => {
    const { client, requests } = browserClient();
    await client.auth.loginEmail(signIn);
    await client.session.logout();
    const logout = seen(requests, '/auth/logout/')!;
    expect(logout.authorization).toBe('Bearer jwt-1');
    expect(cookieMode(logout)).toBe(true);
    expect(logout.config.withCredentials).toBe(true);
    expect(client.session.isLoggedIn()).toBe(false);
  });

  it('leaves GETs simple requests (no session-mode header, so no preflight of their own)', async () => {
    const { client, requests } = browserClient();
    await client.auth.loginEmail(signIn);
    await client.auth.getAuthUser();
    expect(cookieMode(seen(requests, '/auth/user/')!)).toBe(false);
  });

  it('never refreshes a login-link session (Token <key>): it has no refresh token to renew', async () => {
    const { client, requests } = fakeClient(() => ({ status: 401, data: tokenNotValid }), {
      tokenStorage: cookieStorage(),
      sessionMode: 'cookie',
    });
    client.session.takeTokenFromUrl('http://localhost/?token=abc');
    await expect(client.auth.getAuthUser()).rejects.toMatchObject({ status: 401 });
    expect(seen(requests, '/auth/token/refresh/')).toBeUndefined();
    expect(client.session.isLoggedIn()).toBe(false);
  });
});

describe('body mode, every other client (the default)', () => {
  it('keeps the refresh token, sends it in the refresh body and at logout, and asks for no cookie', async () => {
    const tokenStorage = memoryStorage();
    const { client, requests } = fakeClient(api, { tokenStorage });
    await client.auth.loginEmail(signIn);
    expect(tokenStorage.get(REFRESH_TOKEN_KEY)).toBe('r-1');
    await client.auth.getAuthUser();
    const refresh = seen(requests, '/auth/token/refresh/')!;
    expect(refresh.body).toEqual({ refresh: 'r-1' });
    expect(tokenStorage.get(REFRESH_TOKEN_KEY)).toBe('r-2');
    await client.session.logout();
    expect(seen(requests, '/auth/logout/')!.body).toEqual({ refresh: 'r-2' });
    expect(requests.some(cookieMode)).toBe(false);
    expect(requests.some((request) => request.config.withCredentials)).toBe(false);
  });
});
