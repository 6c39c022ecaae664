import type { KeyValueStorage } from '../ports/storage';

export const ACCESS_TOKEN_KEY = 'access_token';
export const REFRESH_TOKEN_KEY = 'refresh_token';

export interface StoredTokens {
  access: string | null;
  refresh: string | null;
}

/**
 * The access and refresh tokens, read from storage on every use: in browsers the storage is the cookie jar that
 * all tabs share, so a token another tab refreshed is seen at once (decisions.md, "Sessions across tabs").
 */
export interface TokenStore {
  read(): StoredTokens;
  access(): string | null;
  /** Keeps a new access token; the refresh token is replaced when given, kept when undefined, removed when null. */
  save(tokens: { access: string; refresh?: string | null }): void;
  clear(): void;
  /**
   * Called after every save or clear made through this store; `ended` is true for a clear that removed an access
   * token (a session that was signed in is over).
   */
  subscribe(listener: (change: { ended: boolean }) => void): () => void;
}

export function createTokenStore(storage: KeyValueStorage): TokenStore {
  const listeners = new Set<(change: { ended: boolean }) => void>();
  const notify = (ended = false) => listeners.forEach((listener) => listener({ ended }));
  const read = (): StoredTokens => ({
    access: storage.get(ACCESS_TOKEN_KEY),
    refresh: storage.get(REFRESH_TOKEN_KEY),
  });
  return {
    read,
    access: () => read().access,
    save({ access, refresh }) {
      storage.set(ACCESS_TOKEN_KEY, access);
      if (refresh) storage.set(REFRESH_TOKEN_KEY, refresh);
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

/** `Bearer <jwt>`, or the stored value as it is when it is a login-link token (`Token <key>`, decisions.md "Auth"). */
export function authorizationHeader(access: string): string {
  return access.startsWith('Token ') ? access : `Bearer ${access}`;
}
