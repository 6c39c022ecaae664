import {
  consoleLogger,
  cookieStorage,
  createClient,
  safeStorage,
  webStorage,
  type WingmateClient,
} from '@wingmate/core-sdk';
import type { WebConfig } from '../config';

/**
 * The one SDK client of the page: tokens in cookies every tab shares (30 days, path /, Lax, Secure on https), the
 * uid and the stored contact in localStorage; the token refresh runs under a Web Lock (the default).
 */
export function createWebClient(config: Pick<WebConfig, 'apiServer'>): WingmateClient {
  return createClient({
    baseURL: config.apiServer,
    tokenStorage: safeStorage(cookieStorage(), consoleLogger, 'cookie'),
    storage: webStorage(() => window.localStorage),
  });
}
