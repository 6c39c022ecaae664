import { safeStorage, silentLogger, storedVisitorId, webStorage } from '@wingmate/core-sdk';

/**
 * The visitor's uid as the SDK keeps it (local storage, made on first use), read before the SDK has loaded: the
 * first paint's A/B prediction and notices use the same uid the SDK will send.
 */
export function browserVisitorUid(): string {
  return storedVisitorId(
    safeStorage(
      webStorage(() => globalThis.localStorage),
      silentLogger,
    ),
  ).get();
}
