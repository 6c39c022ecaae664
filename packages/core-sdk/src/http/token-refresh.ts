import type { Sleep } from '@wingmate/runtime';
import { ApiError, isApiError } from '../errors/api-error';
import { errorMessages } from '../errors/messages';
import type { LockPort } from '../ports/lock';
import { isLoginLinkToken, type StoredTokens, type TokenStore } from '../session/tokens';

/** What the refresh call answers (docs/product.md#sessions-and-tokens): `access` and `refresh`, or `access_token`. */
export interface RefreshAnswer {
  access?: string;
  refresh?: string;
  access_token?: string;
}

/** Name of the lock the refresh runs under, in this tab and across tabs. */
export const REFRESH_LOCK = 'wingmate-token-refresh';

/** Waiters are released this long after the refresh finishes (docs/product.md#sessions-and-tokens). */
export const REFRESH_RELEASE_MS = 100;

export interface TokenRefresherDeps {
  tokens: TokenStore;
  lock: LockPort;
  sleep: Sleep;
  /**
   * Sends `POST /auth/token/refresh/ {refresh}`; without a token (cookie mode) the server reads its HttpOnly
   * cookie.
   */
  requestRefresh: (refresh: string | undefined) => Promise<RefreshAnswer>;
}

export interface TokenRefresher {
  /**
   * A fresh access token to replace `stale`, the one a request was refused with. Single-flight: every caller
   * while a refresh runs shares it, and all are released 100 ms after it finishes.
   */
  refresh(stale: string): Promise<string>;
  /** Resolves at once, or 100 ms after the refresh that is running finishes (whatever its outcome). */
  settled(): Promise<void>;
}

/**
 * Tokens are cleared and callers get "JSON token parse is wrong." when the server refuses a refresh
 * (docs/product.md#error-catalogue); a refresh that never reached the server keeps them
 * (docs/decisions.md#the-sdk-surface-the-web-app-binds-to).
 */
function refreshFailure(cause: unknown): ApiError {
  const status = isApiError(cause) && cause.status >= 400 ? cause.status : 401;
  return new ApiError({
    status,
    message: errorMessages.tokenParse,
    code: 'token_not_valid',
    data: cause ?? null,
  });
}

/**
 * Whether the held session can be renewed, and with what: in body mode the stored refresh token; in cookie
 * mode the server's cookie (a refresh token an older build stored here goes once in the body), except for a
 * login link's session, which never had one (docs/decisions.md#sessions-in-the-browser).
 */
function renewal(tokens: TokenStore, held: StoredTokens): { refresh: string | undefined } | null {
  if (tokens.sessionMode === 'body') return held.refresh ? { refresh: held.refresh } : null;
  if (!held.access || isLoginLinkToken(held.access)) return null;
  return { refresh: held.refresh ?? undefined };
}

export function createTokenRefresher({
  tokens,
  lock,
  sleep,
  requestRefresh,
}: TokenRefresherDeps): TokenRefresher {
  let running: Promise<string> | null = null;

  // Under the lock, a tab that waited re-reads the tokens: if they changed meanwhile, another tab (or an earlier
  // refresh here) already replaced them and the refresh token must not be spent twice
  // (docs/product.md#the-clients-rules-core-sdk).
  const refreshUnderLock = (stale: string) =>
    lock.run(REFRESH_LOCK, async () => {
      const current = tokens.read();
      if (current.access && current.access !== stale) return current.access;
      const fail = (cause: unknown) => {
        tokens.clear();
        return refreshFailure(cause);
      };
      const renew = renewal(tokens, current);
      if (!renew) throw fail(null);
      let answer: RefreshAnswer;
      try {
        answer = await requestRefresh(renew.refresh);
      } catch (error) {
        // Not reached (status 0): the server never saw this refresh token, so the session still stands.
        if (isApiError(error) && error.status === 0) throw error;
        // The session was replaced while the refusal was on its way (a login link taken): the new one stands.
        const now = tokens.read();
        if (now.access && now.access !== current.access) return now.access;
        throw fail(error);
      }
      const access = answer?.access ?? answer?.access_token;
      if (!access) throw fail(null);
      tokens.save({ access, refresh: answer.refresh });
      return access;
    });

  const release = <T>(value: T) => sleep(REFRESH_RELEASE_MS).then(() => value);

  return {
    refresh(stale) {
      if (!running) {
        running = refreshUnderLock(stale).finally(() => {
          running = null;
        });
      }
      return running.then(release);
    },
    settled() {
      if (!running) return Promise.resolve();
      return running.then(
        () => release(undefined),
        () => release(undefined),
      );
    },
  };
}
