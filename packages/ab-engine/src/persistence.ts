import {
  cookieStorage,
  safeStorage,
  webStorage,
  type CookieOptions,
  type KeyValueStorage,
  type Logger,
} from '@wingmate/core-sdk';
import { AB_TESTS_STORAGE_KEY } from './constants';
import type { Assignments } from './merge';

/**
 * Where assignments are kept: session storage and a cookie at path `/` (docs/product.md#ab-test-assignments).
 * Adapters, so tests use memory.
 */
export interface AbTestStorage {
  readonly session: KeyValueStorage;
  readonly cookie: KeyValueStorage;
}

/**
 * The browser's places: this tab's `sessionStorage` and a cookie at path `/` (a session cookie unless `expires` is
 * given). Looked up lazily, so creating it during server rendering does not fail.
 */
export function browserAbTestStorage(cookie: CookieOptions = {}): AbTestStorage {
  return {
    session: webStorage(() => globalThis.sessionStorage),
    cookie: cookieStorage({ expires: undefined, ...cookie, path: '/' }),
  };
}

export interface AssignmentPersistence {
  /** The stored assignments: the cookie's, overlaid by this tab's session storage. */
  read(): Assignments;
  /** Writes the same JSON to both places; a place that fails is logged as a warning and the other still written. */
  write(assignments: Assignments): void;
  /** Removes the assignments from both places (the person signed out). */
  clear(): void;
}

export function assignmentPersistence(storage: AbTestStorage, logger: Logger): AssignmentPersistence {
  const session = safeStorage(storage.session, logger, 'ab-engine session storage');
  const cookie = safeStorage(storage.cookie, logger, 'ab-engine cookie');
  const parse = (raw: string | null, place: string): Assignments => {
    if (raw === null || raw === '') return {};
    try {
      const parsed: unknown = JSON.parse(raw);
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
        throw new Error('not an object');
      return Object.fromEntries(
        Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
      );
    } catch (error) {
      logger.warn(`ab-engine: ignored unreadable assignments in ${place}`, error);
      return {};
    }
  };
  return {
    read: () => ({
      ...parse(cookie.get(AB_TESTS_STORAGE_KEY), 'the cookie'),
      ...parse(session.get(AB_TESTS_STORAGE_KEY), 'session storage'),
    }),
    write: (assignments) => {
      const json = JSON.stringify(assignments);
      session.set(AB_TESTS_STORAGE_KEY, json);
      cookie.set(AB_TESTS_STORAGE_KEY, json);
    },
    clear: () => {
      session.remove(AB_TESTS_STORAGE_KEY);
      cookie.remove(AB_TESTS_STORAGE_KEY);
    },
  };
}
