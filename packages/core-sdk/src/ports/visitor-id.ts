import { v4 as uuidv4 } from 'uuid';
import type { KeyValueStorage } from './storage';

/** The storage key of the visitor's uid, shared by tracking and core-sdk (decisions.md, "Tracking"). */
export const VISITOR_ID_KEY = 'uid';

/** The visitor's uid: a random UUID created once and then kept (spec 3, "Tracking parameters kept"). */
export interface VisitorId {
  /** The stored uid, or null when none was made yet. */
  peek(): string | null;
  /** The stored uid, made and stored first if there is none. */
  get(): string;
}

export function storedVisitorId(storage: KeyValueStorage, makeId: () => string = uuidv4): VisitorId {
  return {
    peek: () => storage.get(VISITOR_ID_KEY),
    get: () => {
      const existing = storage.get(VISITOR_ID_KEY);
      if (existing) return existing;
      const created = makeId();
      storage.set(VISITOR_ID_KEY, created);
      return created;
    },
  };
}
