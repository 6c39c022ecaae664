import Cookies from 'js-cookie';
import type { Logger } from './logger';
import { consoleLogger } from './logger';

/**
 * A small key-value store. Browser cookies, localStorage, sessionStorage, React Native's storage and plain
 * memory all fit behind it, so the packages run the same everywhere and tests swap in memory.
 */
export interface KeyValueStorage {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
}

/** In-memory storage: the default in Node and in tests. */
export function memoryStorage(initial: Record<string, string> = {}): KeyValueStorage {
  const values = new Map(Object.entries(initial));
  return {
    get: (key) => values.get(key) ?? null,
    set: (key, value) => void values.set(key, value),
    remove: (key) => void values.delete(key),
  };
}

export interface CookieOptions {
  /** Cookie path; cookies are kept at `/` (docs/product.md#constants-and-limits). */
  path?: string;
  /** Lifetime in days; 30 (`TOKEN_COOKIE_DAYS`) unless given. */
  expires?: number;
  sameSite?: 'strict' | 'lax' | 'none';
  secure?: boolean;
  domain?: string;
}

/** Token cookies live as long as the refresh token (docs/decisions.md#the-sdk-surface-the-web-app-binds-to). */
export const TOKEN_COOKIE_DAYS = 30;

const onHttpsPage = () =>
  (globalThis as { location?: { protocol?: string } }).location?.protocol === 'https:';

/**
 * Browser cookies through js-cookie: path `/` (docs/product.md#constants-and-limits), `SameSite=Lax`, 30 days, and
 * `Secure` on an https page, unless told otherwise.
 */
export function cookieStorage(options: CookieOptions = {}): KeyValueStorage {
  const attributes = {
    path: '/',
    sameSite: 'lax' as const,
    expires: TOKEN_COOKIE_DAYS,
    secure: onHttpsPage(),
    ...options,
  };
  return {
    get: (key) => Cookies.get(key) ?? null,
    set: (key, value) => void Cookies.set(key, value, attributes),
    remove: (key) => Cookies.remove(key, { path: attributes.path, domain: attributes.domain }),
  };
}

/** The part of the Web Storage API (`localStorage`, `sessionStorage`) used here; no DOM typings needed. */
export interface WebStorageArea {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** The Web Storage API (`localStorage`, `sessionStorage`), looked up lazily so server rendering does not fail. */
export function webStorage(getStore: () => WebStorageArea | undefined): KeyValueStorage {
  const store = () => {
    const found = getStore();
    if (!found) throw new Error('Web storage is not available here');
    return found;
  };
  return {
    get: (key) => store().getItem(key),
    set: (key, value) => store().setItem(key, value),
    remove: (key) => store().removeItem(key),
  };
}

/**
 * Storage whose failures (a full quota, cookies blocked, private mode) are logged as warnings and never thrown
 * (docs/product.md#error-catalogue). Reads that fail answer null.
 */
export function safeStorage(
  storage: KeyValueStorage,
  logger: Logger = consoleLogger,
  label = 'storage',
): KeyValueStorage {
  const attempt = <T>(action: string, key: string, run: () => T, fallback: T): T => {
    try {
      return run();
    } catch (error) {
      logger.warn(`${label}: could not ${action} "${key}"`, error);
      return fallback;
    }
  };
  return {
    get: (key) => attempt('read', key, () => storage.get(key), null),
    set: (key, value) => attempt('write', key, () => storage.set(key, value), undefined),
    remove: (key) => attempt('remove', key, () => storage.remove(key), undefined),
  };
}
