/**
 * Runs a task while holding a named lock. The token refresh runs under one, so that two tabs sharing the cookie
 * jar never spend the same refresh token (docs/product.md#the-clients-rules-core-sdk).
 */
export interface LockPort {
  run<T>(name: string, task: () => Promise<T>): Promise<T>;
}

/** A lock within this JavaScript realm: tasks of one name run one after another. The default outside browsers. */
export function inProcessLock(): LockPort {
  const tails = new Map<string, Promise<unknown>>();
  return {
    run<T>(name: string, task: () => Promise<T>): Promise<T> {
      const previous = tails.get(name) ?? Promise.resolve();
      const result = previous.then(() => task());
      const tail = result.then(
        () => undefined,
        () => undefined,
      );
      tails.set(name, tail);
      void tail.then(() => {
        if (tails.get(name) === tail) tails.delete(name);
      });
      return result;
    },
  };
}

/** The part of the Web Locks API (`navigator.locks`) the adapter needs. */
export interface WebLockManager {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

/** Web Locks: held across every tab and worker of the origin. */
export function webLocks(locks: WebLockManager): LockPort {
  return { run: (name, task) => locks.request(name, task) };
}

/** Web Locks where the runtime has them, else the in-process lock. */
export function defaultLock(): LockPort {
  const locks = (globalThis as { navigator?: { locks?: WebLockManager } }).navigator?.locks;
  return locks ? webLocks(locks) : inProcessLock();
}
