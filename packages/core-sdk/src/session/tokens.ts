import type { SessionMode } from '@wingmate/api-contract/routes';
import type { KeyValueStorage } from '../ports/storage';

export const ACCESS_TOKEN_KEY = 'access_token';
export const REFRESH_TOKEN_KEY = 'refresh_token';

export interface StoredTokens {
  access: string | null;
  refresh: string | null;
}

/**
 * The access and refresh tokens, read from storage on every use: in browsers the storage is the cookie jar
 * that all tabs share, so a token another tab refreshed is seen at once (docs/product.md#the-clients-rules-core-sdk).
 * In cookie mode the server keeps the refresh token in an HttpOnly cookie, and none is stored here
 * (docs/decisions.md#sessions-in-the-browser).
 */
export interface TokenStore {
  /** Where the refresh token lives: here (`body`), or in the server's HttpOnly cookie (`cookie`). */
  readonly sessionMode: SessionMode;
  /** In cookie mode `refresh` is one an older build stored here, until the next save drops it. */
  read(): StoredTokens;
  access(): string | null;
  /**
   * Keeps a new access token; the refresh token is replaced when given, kept when undefined, removed when
   * null. In cookie mode no refresh token is kept: any stored one is removed.
   */
  save(tokens: { access: string; refresh?: string | null }): void;
  clear(): void;
  /**
   * Called after every save or clear made through this store; `ended` is true for a clear that removed an access
   * token (a session that was signed in is over).
   */
  subscribe(listener: (change: { ended: boolean }) => void): () => void;
}

export function createTokenStore(storage: KeyValueStorage, sessionMode: SessionMode = 'body'): TokenStore {
  const listeners = new Set<(change: { ended: boolean }) => void>();
  const notify = (ended = false) => listeners.forEach((listener) => listener({ ended }));
  const read = (): StoredTokens => ({
    access: storage.get(ACCESS_TOKEN_KEY),
    refresh: storage.get(REFRESH_TOKEN_KEY),
  });
  return {
    sessionMode,
    read,
    access: () => read().access,
    save({ access, refresh }) {
      storage.set(ACCESS_TOKEN_KEY, access);
      if (sessionMode === 'cookie') storage.remove(REFRESH_TOKEN_KEY);
      else if (refresh) storage.set(REFRESH_TOKEN_KEY, refresh);
      else if (refresh === null) storage.remove(REFRESH_TOKEN_KEY);
      notify();
    },
    clear() {
      const ended = storage.get(ACCESS_TOKEN_KEY) !== null;
      storage.remove(ACCESS_TOKEN_KEY);
      storage.remove(REFRESH_TOKEN_KEY);
      notify(ended);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

/**
 * `Bearer <jwt>`, or the stored value as it is when it is a login-link token (`Token <key>`,
 * docs/decisions.md#auth-appsapi).
 */
export function authorizationHeader(access: string): string {
  return isLoginLinkToken(access) ? access : `Bearer ${access}`;
}

/** A login link's key (`Token <key>`, a `?token=` link's): a session of its own, with no refresh token. */
export function isLoginLinkToken(access: string): boolean {
  return access.startsWith('Token ');
}
