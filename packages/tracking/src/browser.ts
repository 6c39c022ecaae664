import {
  cookieStorage,
  memoryStorage,
  safeStorage,
  webStorage,
  type KeyValueStorage,
  type Logger,
} from '@wingmate/core-sdk';

// Every default reads `window` only when called, so importing the package in Node (tests, server rendering)
// touches nothing of the browser.
const browserWindow = (): Window | undefined => (typeof window === 'undefined' ? undefined : window);

export const browserUserAgent = (): string => browserWindow()?.navigator.userAgent ?? '';

export const browserLocation = (): string => browserWindow()?.location.href ?? '';

/** localStorage, failures logged as warnings; plain memory where there is no browser. */
export function browserLocalStorage(logger: Logger): KeyValueStorage {
  if (!browserWindow()) return memoryStorage();
  return safeStorage(
    webStorage(() => browserWindow()?.localStorage),
    logger,
    'localStorage',
  );
}

/** The page's cookies, failures logged as warnings; plain memory where there is no browser. */
export function browserCookies(logger: Logger): KeyValueStorage {
  if (!browserWindow()) return memoryStorage();
  return safeStorage(cookieStorage(), logger, 'cookie');
}
