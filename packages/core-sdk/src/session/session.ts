import type { Logger } from '../ports/logger';
import type { KeyValueStorage } from '../ports/storage';
import type { VisitorId } from '../ports/visitor-id';
import { createStore, type ReadableStore } from '../stores/store';
import type { StoredTokens, TokenStore } from './tokens';
import type { ResponseOf } from '../http/operation';

/**
 * Storage keys of the contact typed at sign-up, kept for the code screen and removed at logout
 * (docs/product.md#sessions-and-tokens).
 */
export const STORED_PHONE_NUMBER_KEY = 'phone_number';
export const STORED_EMAIL_KEY = 'email';

export type AuthUser = ResponseOf<'getAuthUser'>;

/** The answer of a sign-in call (docs/decisions.md#auth-appsapi). */
export interface SignInAnswer {
  access: string;
  refresh?: string | null;
  user?: AuthUser;
}

/**
 * How a signed-in session here ended: `signed-out` by the person (logout, log out everywhere, deleting the
 * account), `expired` when the server refused to renew it (a refresh token that ran out or was revoked).
 */
export type SessionEnd = 'signed-out' | 'expired';

export interface SessionState {
  /** Logged in = an access token is held (docs/product.md#sessions-and-tokens). */
  isLoggedIn: boolean;
  user: AuthUser | null;
  userStatus: 'idle' | 'loading' | 'loaded' | 'failed';
  /** How the last signed-in session here ended, until the next sign-in; null when none ended. */
  ended: SessionEnd | null;
}

export interface Session extends ReadableStore<SessionState> {
  isLoggedIn(): boolean;
  /** Keeps the tokens and user of a sign-in answer (`{access, refresh, user}`). */
  signIn(answer: SignInAnswer): void;
  /**
   * With a token, fetches the user (`GET /auth/user/`); the user is cleared if that fails
   * (docs/product.md#sessions-and-tokens).
   */
  loadUser(): Promise<AuthUser | null>;
  /**
   * Ends the session here as `forget` does, then asks the server to revoke it (its failure ignored), naming it
   * by the tokens held: the refresh token in body mode, the access token (in cookie mode the only one held).
   */
  logout(): Promise<void>;
  /**
   * Ends the session here without calling the server (a deleted account's tokens are dead): removes the tokens and
   * the stored contact. Once a signed-in session ends (this, or a refresh the server refused), the app's personal
   * keys go too, the device gets a new uid, and `onEnd` listeners are told.
   */
  forget(): void;
  /**
   * Calls `listener` with the device's new uid, and how it ended, each time a signed-in session here ends (logout,
   * log out everywhere, deletion, a refused refresh), so stores holding per-person values (A/B assignments, say)
   * start over and a screen can say that a session expired. Answers the unsubscribe.
   */
  onEnd(listener: (uid: string, how: SessionEnd) => void): () => void;
  /** Keeps the server's newer version of the signed-in user (after a name, e-mail or password change). */
  setUser(user: AuthUser): void;
  /**
   * Takes a `?token=` query parameter (docs/product.md#accounts-and-signing-in) and answers the URL without
   * it, for `history.replaceState`. Signed out, it is stored at once as the access token with the `Token `
   * prefix. Signed in, it replaces the session once the server has accepted it, then the old session is revoked
   * (`adoptLoginToken`); one the server refuses is ignored (docs/decisions.md#sessions-in-the-browser).
   */
  takeTokenFromUrl(url: string): string;
  /**
   * Replaces the signed-in session with a login link's: the server checks the link first (a refused one
   * leaves the session alone), then the old session ends here (its person's keys go, the device gets a new
   * uid) and the link's session begins, and then the old session is revoked on the server. Answers whether it
   * did; false leaves everything as it was.
   */
  adoptLoginToken(token: string): Promise<boolean>;
  rememberContact(contact: { phone_number?: string; email?: string }): void;
  storedContact(): { phone_number: string | null; email: string | null };
}

export interface SessionDeps {
  tokens: TokenStore;
  storage: KeyValueStorage;
  logger: Logger;
  fetchUser: () => Promise<AuthUser>;
  /** `GET /auth/user/` with this access token instead of the stored one (a login link checked before it is kept). */
  fetchUserWith: (access: string) => Promise<AuthUser>;
  /** `POST /auth/logout/` naming the session by what is held of it. */
  revoke: (held: StoredTokens) => Promise<unknown>;
  /** The device's uid, renewed when the session ends (docs/decisions.md#signing-out). */
  visitorId: VisitorId;
  /** Keys of `storage` that belong to the person signed in (a chat draft, say), removed when the session ends. */
  personalKeys?: readonly string[];
}

const ABSOLUTE_URL = /^[a-z][a-z\d+.-]*:/i;
const RELATIVE_BASE = 'http://relative.invalid';

export function createSession({
  tokens,
  storage,
  logger,
  fetchUser,
  fetchUserWith,
  revoke,
  visitorId,
  personalKeys = [],
}: SessionDeps): Session {
  const store = createStore<SessionState>({
    isLoggedIn: tokens.access() !== null,
    user: null,
    userStatus: 'idle',
    ended: null,
  });
  const endListeners = new Set<(uid: string, how: SessionEnd) => void>();
  let endingByChoice = false;
  /** Counts the sessions held here: a sign-in, a sign-out and a login link's switch each start another. */
  let sessionNumber = 0;
  const contactKeys = [STORED_PHONE_NUMBER_KEY, STORED_EMAIL_KEY];

  /** The person's session here is over, however it ended: their keys go and the device is a new visitor. */
  const ended = (how: SessionEnd) => {
    for (const key of [...contactKeys, ...personalKeys]) storage.remove(key);
    // The old uid is linked to the account now: calls made with it as a visitor would answer 403.
    const uid = visitorId.renew();
    for (const listener of endListeners) listener(uid, how);
  };

  // A logout, a deletion, and a refresh the server refused (an expired or revoked session) all end here.
  tokens.subscribe((change) => {
    const isLoggedIn = tokens.access() !== null;
    if (isLoggedIn) return store.setState({ isLoggedIn, ended: null });
    if (!change.ended) return store.setState({ isLoggedIn, user: null, userStatus: 'idle' });
    const how: SessionEnd = endingByChoice ? 'signed-out' : 'expired';
    store.setState({ isLoggedIn, user: null, userStatus: 'idle', ended: how });
    ended(how);
  });

  const forget = () => {
    sessionNumber += 1;
    for (const key of contactKeys) storage.remove(key);
    endingByChoice = true;
    try {
      tokens.clear();
    } finally {
      endingByChoice = false;
    }
  };

  const linkAccess = (token: string) => (token.startsWith('Token ') ? token : `Token ${token}`);

  const adoptLoginToken = async (token: string): Promise<boolean> => {
    const access = linkAccess(token);
    let user: AuthUser;
    try {
      user = await fetchUserWith(access);
    } catch (error) {
      logger.warn('session: the login link was refused; the session here stays', error);
      return false;
    }
    // The switch here comes first, in one synchronous step, so no screen sees the person signed out in between;
    // then the old session is revoked on the server. A request still under way with the old token is refused
    // once it is, and the refresh it asks for finds the new token in place and retries with it, instead of
    // ending the session that was just taken.
    const held = tokens.read();
    forget();
    tokens.save({ access, refresh: null });
    store.setState({ user, userStatus: 'loaded' });
    try {
      if (held.access || held.refresh) await revoke(held);
    } catch (error) {
      logger.warn('session: the replaced session could not be ended on the server', error);
    }
    return true;
  };

  return {
    forget,
    onEnd(listener) {
      endListeners.add(listener);
      return () => void endListeners.delete(listener);
    },
    getState: store.getState,
    getInitialState: store.getInitialState,
    subscribe: store.subscribe,
    isLoggedIn: () => tokens.access() !== null,

    setUser(user) {
      // An answer that lands after a sign-out must not bring the user back.
      if (tokens.access() !== null) store.setState({ user, userStatus: 'loaded' });
    },

    signIn({ access, refresh, user }) {
      sessionNumber += 1;
      tokens.save({ access, refresh: refresh ?? null });
      if (user) store.setState({ user, userStatus: 'loaded' });
    },

    async loadUser() {
      if (!tokens.access()) {
        store.setState({ user: null, userStatus: 'idle' });
        return null;
      }
      store.setState({ userStatus: 'loading' });
      // The answer is of the session that asked: when another took its place meanwhile (a login link opened while
      // signed in), the new one's user already stands, and this answer, the old person's or a refusal, is dropped.
      // A refreshed access token is the same session, so what is compared is the session, not the token.
      const asked = sessionNumber;
      const replaced = () => sessionNumber !== asked;
      try {
        const user = await fetchUser();
        if (replaced()) return store.getState().user;
        store.setState({ user, userStatus: 'loaded' });
        return user;
      } catch (error) {
        if (replaced()) return store.getState().user;
        logger.warn('session: could not load the user', error);
        store.setState({ user: null, userStatus: 'failed' });
        return null;
      }
    },

    async logout() {
      const held = tokens.read();
      forget();
      if (!held.access && !held.refresh) return;
      try {
        await revoke(held);
      } catch (error) {
        logger.warn('session: logout call failed; the tokens are removed here anyway', error);
      }
    },

    adoptLoginToken,

    takeTokenFromUrl(url) {
      const absolute = ABSOLUTE_URL.test(url);
      const parsed = new URL(url, RELATIVE_BASE);
      const token = parsed.searchParams.get('token');
      if (!token) return url;
      if (tokens.access() === null) tokens.save({ access: linkAccess(token), refresh: null });
      else void adoptLoginToken(token);
      parsed.searchParams.delete('token');
      return absolute ? parsed.toString() : parsed.toString().slice(RELATIVE_BASE.length);
    },

    rememberContact({ phone_number, email }) {
      if (phone_number) storage.set(STORED_PHONE_NUMBER_KEY, phone_number);
      if (email) storage.set(STORED_EMAIL_KEY, email);
    },

    storedContact: () => ({
      phone_number: storage.get(STORED_PHONE_NUMBER_KEY),
      email: storage.get(STORED_EMAIL_KEY),
    }),
  };
}
