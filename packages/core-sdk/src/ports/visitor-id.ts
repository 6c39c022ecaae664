import { v4 as uuidv4 } from 'uuid';
import type { KeyValueStorage } from './storage';

/** The storage key of the visitor's uid, shared by tracking and core-sdk (docs/product.md#tracking-parameters). */
export const VISITOR_ID_KEY = 'uid';

/** The visitor's uid: a random UUID created once and then kept (docs/product.md#tracking-parameters). */
export interface VisitorId {
  /** The stored uid, or null when none was made yet. */
  peek(): string | null;
  /** The stored uid, made and stored first if there is none. */
  get(): string;
  /**
   * Makes, stores and answers a new uid. At sign-out the old one belongs to the account, so the device starts over
   * as a new visitor (docs/decisions.md#signing-out).
   */
  renew(): string;
}

export function storedVisitorId(storage: KeyValueStorage, makeId: () => string = uuidv4): VisitorId {
  const renew = () => {
    const created = makeId();
    storage.set(VISITOR_ID_KEY, created);
    return created;
  };
  return {
    peek: () => storage.get(VISITOR_ID_KEY),
    get: () => storage.get(VISITOR_ID_KEY) ?? renew(),
    renew,
  };
}
