import {
  CHAT_DRAFT_KEY,
  consoleLogger,
  cookieStorage,
  createClient,
  REPLY_HELPER_KEY,
  safeStorage,
  webStorage,
  type WingmateClient,
} from '@wingmate/core-sdk';
import type { WebConfig } from '../config';

/**
 * The one SDK client of the page: the access token in a cookie every tab shares (30 days, path /, Lax, Secure
 * on https), the refresh token in the API's HttpOnly cookie, which no script here can read (cookie mode:
 * docs/decisions.md#sessions-in-the-browser); the uid, the stored contact and the chat's draft and reply-helper
 * choice in localStorage, the last two removed with the tokens at sign-out (docs/decisions.md#signing-out); the token
 * refresh runs under a Web Lock (the default).
 */
export function createWebClient(config: Pick<WebConfig, 'apiServer'>): WingmateClient {
  return createClient({
    baseURL: config.apiServer,
    tokenStorage: safeStorage(cookieStorage(), consoleLogger, 'cookie'),
    sessionMode: 'cookie',
    storage: webStorage(() => window.localStorage),
    personalKeys: [CHAT_DRAFT_KEY, REPLY_HELPER_KEY],
  });
}
