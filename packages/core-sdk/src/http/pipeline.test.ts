import { isApiError } from '../errors/api-error';
import { ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY } from '../session/tokens';
import { fakeClient, type FakeHandler } from '../testing/fake-api';

const user = { pk: 1, first_name: 'Ann', last_name: '', phone_number: null, email: 'ann@example.com' };
const stale = {
  status: 401,
  data: { detail: 'Given token not valid for any token type', code: 'token_not_valid' },
};

/** An API whose protected calls accept only `fresh-jwt`, and whose refresh hands it out. */
const api =
  (
    refreshReply: () => { status: number; data?: unknown } = () => ({
      status: 200,
      data: { access: 'fresh-jwt', refresh: 'fresh-refresh' },
    }),
  ): FakeHandler =>
  (request) => {
    if (request.path === '/auth/token/refresh/') return refreshReply();
    return request.authorization === 'Bearer fresh-jwt' ? { status: 200, data: user } : stale;
  };

function signedIn(handler: FakeHandler, access = 'old-jwt') {
  const setup = fakeClient(handler);
  setup.storage.set(ACCESS_TOKEN_KEY, access);
  setup.storage.set(REFRESH_TOKEN_KEY, 'old-refresh');
  return setup;
}

describe('base URL and authorization header (docs/decisions.md#auth-appsapi)', () => {
  it('sends requests to the configured base URL', async () => {
    const { client, requests } = fakeClient(() => ({ status: 200, data: {} }), {
      baseURL: 'http://api.example:8000',
    });
    await client.auth.generatePin({ phone_number: '2133734253' });
    expect(requests[0]?.config.baseURL).toBe('http://api.example:8000');
  });

  it('sends a JWT as "Bearer <jwt>"', async () => {
    const { client, requests } = signedIn(() => ({ status: 200, data: user }), 'a.b.c');
    await client.auth.getAuthUser();
    expect(requests[0]?.authorization).toBe('Bearer a.b.c');
  });

  it('asks axios never to read or send an XSRF cookie: the API authenticates by this header only', async () => {
    const { client, requests } = signedIn(() => ({ status: 200, data: user }), 'a.b.c');
    await client.auth.getAuthUser();
    // Unset, axios in a browser awaits the Cookie Store before sending each same-origin call.
    expect(requests[0]?.config.withXSRFToken).toBe(false);
  });

  it('sends a stored "Token <key>" as it is', async () => {
    const { client, requests } = signedIn(() => ({ status: 200, data: user }), 'Token abc123');
    await client.auth.getAuthUser();
    expect(requests[0]?.authorization).toBe('Token abc123');
  });
});

describe('an authorized call without a token (docs/product.md#error-catalogue)', () => {
  it('fails with status 403 and sends nothing', async () => {
    const { client, requests } = fakeClient();
    const error = await client.auth.getAuthUser().catch((e: unknown) => e);
    expect(isApiError(error) && error.status).toBe(403);
    expect(requests).toHaveLength(0);
  });
});

describe('token refresh (docs/product.md#sessions-and-tokens)', () => {
  it('refreshes once on a 401 and retries with the new token', async () => {
    const { client, requests, storage } = signedIn(api());
    await expect(client.auth.getAuthUser()).resolves.toEqual(user);
    expect(requests.map((r) => `${r.method} ${r.path} ${r.authorization ?? ''}`.trim())).toEqual([
      'GET /auth/user/ Bearer old-jwt',
      'POST /auth/token/refresh/',
      'GET /auth/user/ Bearer fresh-jwt',
    ]);
    expect(requests[1]?.body).toEqual({ refresh: 'old-refresh' });
    expect(storage.get(ACCESS_TOKEN_KEY)).toBe('fresh-jwt');
    expect(storage.get(REFRESH_TOKEN_KEY)).toBe('fresh-refresh');
  });

  it('refreshes on a 498', async () => {
    const { client } = signedIn((request) =>
      request.path === '/auth/token/refresh/'
        ? { status: 200, data: { access: 'fresh-jwt', refresh: 'r' } }
        : request.authorization === 'Bearer fresh-jwt'
          ? { status: 200, data: user }
          : { status: 498, data: { detail: 'Token expired' } },
    );
    await expect(client.auth.getAuthUser()).resolves.toEqual(user);
  });

  it('refreshes on the code token_not_valid whatever the status', async () => {
    const { client } = signedIn((request) =>
      request.path === '/auth/token/refresh/'
        ? { status: 200, data: { access: 'fresh-jwt', refresh: 'r' } }
        : request.authorization === 'Bearer fresh-jwt'
          ? { status: 200, data: user }
          : { status: 403, data: { detail: 'Bad token', code: 'token_not_valid' } },
    );
    await expect(client.auth.getAuthUser()).resolves.toEqual(user);
  });

  it('accepts a refresh answer with access_token only, keeping the refresh token', async () => {
    const { client, storage } = signedIn(api(() => ({ status: 200, data: { access_token: 'fresh-jwt' } })));
    await expect(client.auth.getAuthUser()).resolves.toEqual(user);
    expect(storage.get(REFRESH_TOKEN_KEY)).toBe('old-refresh');
  });

  it('refreshes only once per request: a second 401 is the answer', async () => {
    const { client, requests } = signedIn((request) =>
      request.path === '/auth/token/refresh/'
        ? { status: 200, data: { access: 'still-bad', refresh: 'r' } }
        : stale,
    );
    await expect(client.auth.getAuthUser()).rejects.toMatchObject({ status: 401, code: 'token_not_valid' });
    expect(requests.filter((r) => r.path === '/auth/token/refresh/')).toHaveLength(1);
  });

  it('does not refresh for a public call', async () => {
    const { client, requests } = signedIn(() => stale);
    await expect(client.auth.login({ phone_number: '2133734253', password: 'x' })).rejects.toMatchObject({
      status: 401,
    });
    expect(requests).toHaveLength(1);
  });
});

describe('a failed refresh (docs/product.md#error-catalogue)', () => {
  it('clears the tokens and rejects with "JSON token parse is wrong."', async () => {
    const { client, storage } = signedIn(api(() => stale));
    await expect(client.auth.getAuthUser()).rejects.toMatchObject({
      message: 'JSON token parse is wrong.',
      status: 401,
    });
    expect(storage.get(ACCESS_TOKEN_KEY)).toBeNull();
    expect(storage.get(REFRESH_TOKEN_KEY)).toBeNull();
  });

  it('ends the session like a logout: the device is a new visitor (docs/decisions.md#signing-out)', async () => {
    const { client, storage } = signedIn(api(() => stale));
    storage.set('uid', 'uid-of-the-account');
    const ends: string[][] = [];
    client.session.onEnd((uid, how) => ends.push([uid, how]));
    await expect(client.auth.getAuthUser()).rejects.toMatchObject({ status: 401 });
    expect(client.visitorId.get()).not.toBe('uid-of-the-account');
    expect(ends).toEqual([[client.visitorId.get(), 'expired']]);
    expect(client.session.getState().ended).toBe('expired');
  });

  it('treats a refresh answer without an access token as failed', async () => {
    const { client, storage } = signedIn(api(() => ({ status: 200, data: { refresh: 'only-refresh' } })));
    await expect(client.auth.getAuthUser()).rejects.toMatchObject({ message: 'JSON token parse is wrong.' });
    expect(storage.get(ACCESS_TOKEN_KEY)).toBeNull();
  });

  it('fails the same way without a refresh token, sending no refresh call', async () => {
    const { client, storage, requests } = signedIn(api());
    storage.remove(REFRESH_TOKEN_KEY);
    await expect(client.auth.getAuthUser()).rejects.toMatchObject({ message: 'JSON token parse is wrong.' });
    expect(requests.map((r) => r.path)).toEqual(['/auth/user/']);
    expect(storage.get(ACCESS_TOKEN_KEY)).toBeNull();
  });
});

describe('the detail "Authentication credentials were not provided." (docs/product.md#error-catalogue)', () => {
  it('clears the tokens without trying a refresh', async () => {
    const { client, storage, requests } = signedIn(() => ({
      status: 401,
      data: { detail: 'Authentication credentials were not provided.' },
    }));
    await expect(client.auth.getAuthUser()).rejects.toMatchObject({
      status: 401,
      message: 'Authentication credentials were not provided.',
    });
    expect(storage.get(ACCESS_TOKEN_KEY)).toBeNull();
    expect(requests).toHaveLength(1);
  });
});

describe('requests made while a refresh runs (docs/product.md#sessions-and-tokens)', () => {
  it('wait for it and go out with the new token', async () => {
    let finishRefresh!: () => void;
    const refreshed = new Promise<void>((resolve) => (finishRefresh = resolve));
    const { client, requests } = signedIn(async (request) => {
      if (request.path === '/auth/token/refresh/') {
        await refreshed;
        return { status: 200, data: { access: 'fresh-jwt', refresh: 'r' } };
      }
      return request.authorization === 'Bearer fresh-jwt' ? { status: 200, data: user } : stale;
    });
    const first = client.auth.getAuthUser();
    while (!requests.some((r) => r.path === '/auth/token/refresh/'))
      await new Promise((r) => setImmediate(r));
    const during = client.auth.getUserInfo();
    await new Promise((r) => setImmediate(r));
    expect(requests.some((r) => r.path === '/api/v1/user/info/')).toBe(false);
    finishRefresh();
    await Promise.all([first, during]);
    expect(requests.find((r) => r.path === '/api/v1/user/info/')?.authorization).toBe('Bearer fresh-jwt');
  });

  it('go out only after the 100 ms pause that follows the refresh (docs/product.md#sessions-and-tokens)', async () => {
    let finishRefresh!: () => void;
    const refreshed = new Promise<void>((resolve) => (finishRefresh = resolve));
    const pauses: { ms: number; end: () => void }[] = [];
    const { client, storage, requests } = fakeClient(
      async (request) => {
        if (request.path === '/auth/token/refresh/') {
          await refreshed;
          return { status: 200, data: { access: 'fresh-jwt', refresh: 'r' } };
        }
        return request.authorization === 'Bearer fresh-jwt' ? { status: 200, data: user } : stale;
      },
      { sleep: (ms) => new Promise<void>((end) => pauses.push({ ms, end })) },
    );
    storage.set(ACCESS_TOKEN_KEY, 'old-jwt');
    storage.set(REFRESH_TOKEN_KEY, 'old-refresh');
    const tick = () => new Promise((r) => setImmediate(r));
    const first = client.auth.getAuthUser();
    while (!requests.some((r) => r.path === '/auth/token/refresh/')) await tick();
    const during = client.auth.getUserInfo();
    finishRefresh();
    while (pauses.length === 0) await tick();
    await tick();
    expect(pauses.map((pause) => pause.ms)).toContain(100);
    expect(requests.some((r) => r.path === '/api/v1/user/info/')).toBe(false);
    pauses.forEach((pause) => pause.end());
    await Promise.all([first, during]);
    expect(requests.find((r) => r.path === '/api/v1/user/info/')?.authorization).toBe('Bearer fresh-jwt');
  });
});
