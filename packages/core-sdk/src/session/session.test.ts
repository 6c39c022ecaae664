import { ApiError } from '../errors/api-error';
import { silentLogger } from '../ports/logger';
import { memoryStorage } from '../ports/storage';
import { storedVisitorId } from '../ports/visitor-id';
import { createSession, type AuthUser } from './session';
import { ACCESS_TOKEN_KEY, createTokenStore, REFRESH_TOKEN_KEY } from './tokens';

const user = { pk: 1, first_name: 'Ann', last_name: 'Lee' } as AuthUser;
const linkUser = { pk: 2, first_name: 'Bo', last_name: 'Kim' } as AuthUser;
/** Lets the promises of a login link's check and of the old session's revocation settle. */
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function setup(
  initial: Record<string, string> = {},
  overrides: Partial<Parameters<typeof createSession>[0]> = {},
) {
  const storage = memoryStorage(initial);
  const tokens = createTokenStore(storage);
  const fetchUser = jest.fn(() => Promise.resolve(user));
  const fetchUserWith = jest.fn((access: string): Promise<AuthUser> => {
    if (access !== 'Token good')
      return Promise.reject(new ApiError({ status: 401, message: 'x', code: 'token_not_valid' }));
    return Promise.resolve(linkUser);
  });
  const revoke = jest.fn(() => Promise.resolve({ detail: 'ok' }));
  let made = 0;
  const visitorId = storedVisitorId(storage, () => `new-uid-${++made}`);
  const session = createSession({
    tokens,
    storage,
    logger: silentLogger,
    fetchUser,
    fetchUserWith,
    revoke,
    visitorId,
    ...overrides,
  });
  return { session, storage, fetchUser, fetchUserWith, revoke };
}

const signedIn = { [ACCESS_TOKEN_KEY]: 'jwt', [REFRESH_TOKEN_KEY]: 'refresh' };

describe('logged in = an access token is present (docs/product.md#sessions-and-tokens)', () => {
  it('is logged in with a stored access token', () => {
    expect(setup(signedIn).session.isLoggedIn()).toBe(true);
    expect(setup(signedIn).session.getState().isLoggedIn).toBe(true);
  });

  it('is not logged in without one', () => {
    expect(setup().session.isLoggedIn()).toBe(false);
  });

  it('tells subscribers when a sign-in stores tokens', () => {
    const { session } = setup();
    const listener = jest.fn();
    session.subscribe(listener);
    session.signIn({ access: 'jwt', refresh: 'r', user });
    expect(session.getState()).toMatchObject({ isLoggedIn: true, user, userStatus: 'loaded' });
    expect(listener).toHaveBeenCalled();
  });
});

describe('the user is fetched with a token (docs/product.md#sessions-and-tokens)', () => {
  it('fetches the user when a token is held', async () => {
    const { session, fetchUser } = setup(signedIn);
    await expect(session.loadUser()).resolves.toEqual(user);
    expect(fetchUser).toHaveBeenCalledTimes(1);
    expect(session.getState()).toMatchObject({ user, userStatus: 'loaded' });
  });

  it('does not fetch without a token', async () => {
    const { session, fetchUser } = setup();
    await expect(session.loadUser()).resolves.toBeNull();
    expect(fetchUser).not.toHaveBeenCalled();
  });

  it('clears the user when the fetch fails', async () => {
    const fetchUser = jest.fn((): Promise<AuthUser> =>
      Promise.reject(new ApiError({ status: 500, message: 'x' })),
    );
    const { session } = setup(signedIn, { fetchUser });
    session.signIn({ access: 'jwt', user });
    await expect(session.loadUser()).resolves.toBeNull();
    expect(session.getState()).toMatchObject({ user: null, userStatus: 'failed' });
  });
});

describe('a user answer of a session since replaced', () => {
  it('is kept when only the access token was refreshed meanwhile: the session is the same', async () => {
    const storage = memoryStorage(signedIn);
    const tokens = createTokenStore(storage);
    const fetchUser = jest.fn(() => {
      tokens.save({ access: 'jwt-refreshed', refresh: 'refresh-2' });
      return Promise.resolve(user);
    });
    const { session } = setup(signedIn, { tokens, storage, fetchUser });
    expect(await session.loadUser()).toEqual(user);
    expect(session.getState()).toMatchObject({ user, userStatus: 'loaded' });
  });

  it('is dropped after a sign-out and a sign-in as someone else meanwhile', async () => {
    let answerOldUser: (value: AuthUser) => void = () => undefined;
    const fetchUser = jest.fn(() => new Promise<AuthUser>((resolve) => (answerOldUser = resolve)));
    const { session } = setup(signedIn, { fetchUser });
    const loading = session.loadUser();
    await session.logout();
    session.signIn({ access: 'jwt-2', refresh: 'r-2', user: linkUser });
    answerOldUser(user);
    await loading;
    expect(session.getState()).toMatchObject({ user: linkUser, userStatus: 'loaded' });
  });
});

describe("the server's newer user (a name, e-mail or password change)", () => {
  it('replaces the user and tells subscribers', () => {
    const { session } = setup(signedIn);
    const listener = jest.fn();
    session.subscribe(listener);
    const renamed = { ...user, first_name: 'Annie' };
    session.setUser(renamed);
    expect(session.getState()).toMatchObject({ user: renamed, userStatus: 'loaded' });
    expect(listener).toHaveBeenCalled();
  });

  it('is ignored when signed out, so a late answer never brings a user back', () => {
    const { session } = setup();
    session.setUser(user);
    expect(session.getState()).toMatchObject({ isLoggedIn: false, user: null });
  });
});

describe('logout removes the stored phone_number and email and the token (docs/decisions.md#signing-out)', () => {
  it('removes phone_number, email and both tokens, and revokes the refresh token', async () => {
    const { session, storage, revoke } = setup({
      ...signedIn,
      phone_number: '+12133734253',
      email: 'a@b.co',
    });
    await session.logout();
    expect(
      [ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY, 'phone_number', 'email'].map((key) => storage.get(key)),
    ).toEqual([null, null, null, null]);
    expect(revoke).toHaveBeenCalledWith({ access: 'jwt', refresh: 'refresh' });
    expect(session.getState()).toMatchObject({ isLoggedIn: false, user: null });
  });

  it('ignores a failed logout call', async () => {
    const revoke = jest.fn(() => Promise.reject(new ApiError({ status: 0, message: 'Network Error' })));
    const { session, storage } = setup(signedIn, { revoke });
    await expect(session.logout()).resolves.toBeUndefined();
    expect(storage.get(ACCESS_TOKEN_KEY)).toBeNull();
  });

  it('starts a new uid: the old one belongs to the account now (docs/decisions.md#signing-out)', async () => {
    const { session, storage } = setup({ ...signedIn, uid: 'visitor-1' });
    await session.logout();
    expect(storage.get('uid')).toBe('new-uid-1');
  });

  it("removes the app's personal keys and keeps every other key", async () => {
    const { session, storage } = setup(
      { ...signedIn, 'chat.draft': 'Hi', consent: 'yes' },
      { personalKeys: ['chat.draft'] },
    );
    await session.logout();
    expect([storage.get('chat.draft'), storage.get('consent')]).toEqual([null, 'yes']);
  });

  it('tells onEnd listeners the new uid once the tokens are gone, and stops after unsubscribing', async () => {
    const { session } = setup({ ...signedIn, uid: 'visitor-1' });
    const seen: Array<[string, string, boolean]> = [];
    const unsubscribe = session.onEnd((uid, how) => seen.push([uid, how, session.isLoggedIn()]));
    await session.logout();
    unsubscribe();
    session.forget();
    expect(seen).toEqual([['new-uid-1', 'signed-out', false]]);
    expect(session.getState().ended).toBe('signed-out');
    session.signIn({ access: 'jwt-2', refresh: null });
    expect(session.getState().ended).toBeNull();
  });
});

describe('?token= in the address (docs/product.md#sessions-and-tokens)', () => {
  it('stores the token with the "Token " prefix and answers the URL without it', () => {
    const { session, storage } = setup();
    const url = session.takeTokenFromUrl('https://app.wingmate.test/chat?token=abc123&utm_source=sms#top');
    expect(storage.get(ACCESS_TOKEN_KEY)).toBe('Token abc123');
    expect(url).toBe('https://app.wingmate.test/chat?utm_source=sms#top');
    expect(session.isLoggedIn()).toBe(true);
  });

  it('drops a refresh token left from another session', () => {
    const { session, storage } = setup({ [REFRESH_TOKEN_KEY]: 'refresh' });
    session.takeTokenFromUrl('https://app.wingmate.test/?token=abc');
    expect(storage.get(REFRESH_TOKEN_KEY)).toBeNull();
  });

  it('works on a path with a query', () => {
    const { session } = setup();
    expect(session.takeTokenFromUrl('/pricing?token=abc')).toBe('/pricing');
  });

  describe('while signed in (docs/decisions.md#sessions-in-the-browser)', () => {
    it('ignores a link token the server refuses: the person stays signed in, and the address is cleaned', async () => {
      const { session, storage, revoke } = setup(signedIn);
      const ends = jest.fn();
      session.onEnd(ends);
      expect(session.takeTokenFromUrl('/account?token=anything')).toBe('/account');
      await settle();
      expect([storage.get(ACCESS_TOKEN_KEY), storage.get(REFRESH_TOKEN_KEY)]).toEqual(['jwt', 'refresh']);
      expect(session.getState()).toMatchObject({ isLoggedIn: true, ended: null });
      expect(revoke).not.toHaveBeenCalled();
      expect(ends).not.toHaveBeenCalled();
    });

    it('replaces the session with a valid one, then revokes the old one on the server', async () => {
      const { session, storage, revoke } = setup({ ...signedIn, uid: 'visitor-1' });
      const ends = jest.fn();
      session.onEnd(ends);
      session.takeTokenFromUrl('/chat?token=good');
      // Until the server has accepted the link, the old session stands.
      expect(storage.get(ACCESS_TOKEN_KEY)).toBe('jwt');
      await settle();
      expect(revoke).toHaveBeenCalledWith({ access: 'jwt', refresh: 'refresh' });
      expect([storage.get(ACCESS_TOKEN_KEY), storage.get(REFRESH_TOKEN_KEY)]).toEqual(['Token good', null]);
      expect(session.getState()).toMatchObject({ isLoggedIn: true, user: linkUser, ended: null });
      // The old person's session here ended: their keys went and the device has a new uid.
      expect(ends).toHaveBeenCalledWith('new-uid-1', 'signed-out');
    });

    it('keeps the link when the old session could not be revoked, and logs it', async () => {
      const revoke = jest.fn(() => Promise.reject(new ApiError({ status: 0, message: 'Network Error' })));
      const logger = { ...silentLogger, warn: jest.fn() };
      const { session, storage } = setup(signedIn, { revoke, logger });
      session.takeTokenFromUrl('/chat?token=good');
      await settle();
      expect(storage.get(ACCESS_TOKEN_KEY)).toBe('Token good');
      expect(session.isLoggedIn()).toBe(true);
      expect(logger.warn).toHaveBeenCalledWith(
        'session: the replaced session could not be ended on the server',
        expect.any(ApiError),
      );
    });

    it('is already switched when the old session is revoked, so a refusal of the old token cannot end the new one', async () => {
      const storedWhileRevoking: (string | null)[] = [];
      const { session, storage } = setup(signedIn, {
        revoke: jest.fn(() => {
          storedWhileRevoking.push(storage.get(ACCESS_TOKEN_KEY));
          return Promise.resolve({ detail: 'ok' });
        }),
      });
      session.takeTokenFromUrl('/chat?token=good');
      await settle();
      // While the server revoked the old session, the stored session was already the link's.
      expect(storedWhileRevoking).toEqual(['Token good']);
      expect(session.getState()).toMatchObject({ isLoggedIn: true, user: linkUser, ended: null });
    });

    it("keeps the link's person when the old session's user answers after the switch (a page load's fetch under way)", async () => {
      let answerOldUser: (value: AuthUser) => void = () => undefined;
      const fetchUser = jest.fn(() => new Promise<AuthUser>((resolve) => (answerOldUser = resolve)));
      const { session } = setup(signedIn, { fetchUser });
      const loading = session.loadUser();
      session.takeTokenFromUrl('/account?token=good');
      await settle();
      expect(session.getState().user).toEqual(linkUser);
      answerOldUser(user);
      expect(await loading).toEqual(linkUser);
      expect(session.getState()).toMatchObject({ user: linkUser, userStatus: 'loaded' });
    });

    it("does not mark the link's user failed when the old session's fetch fails after the switch", async () => {
      let failOldFetch: (error: Error) => void = () => undefined;
      const fetchUser = jest.fn(() => new Promise<AuthUser>((_, reject) => (failOldFetch = reject)));
      const { session } = setup(signedIn, { fetchUser });
      const loading = session.loadUser();
      session.takeTokenFromUrl('/account?token=good');
      await settle();
      failOldFetch(new ApiError({ status: 401, message: 'x', code: 'token_not_valid' }));
      expect(await loading).toEqual(linkUser);
      expect(session.getState()).toMatchObject({ user: linkUser, userStatus: 'loaded' });
    });
  });

  it('leaves a URL without a token alone', () => {
    const { session, storage } = setup();
    expect(session.takeTokenFromUrl('https://app.wingmate.test/?a=1')).toBe('https://app.wingmate.test/?a=1');
    expect(storage.get(ACCESS_TOKEN_KEY)).toBeNull();
  });
});
