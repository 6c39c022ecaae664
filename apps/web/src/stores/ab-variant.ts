import { useState, useSyncExternalStore } from 'react';
import {
  AB_TESTS_STORAGE_KEY,
  browserAbTestStorage,
  defaultAbTests,
  pickVariant,
  type AbTestStorage,
} from '@wingmate/ab-engine';
import type { AbTestName } from '@wingmate/api-contract';
import { safeStorage, silentLogger, storedVisitorId, webStorage } from '@wingmate/core-sdk';
import { useOptionalServices } from './services';

function storedValue(raw: string | null, name: string): string | undefined {
  try {
    const value: unknown = (JSON.parse(raw ?? '{}') as Record<string, unknown>)[name];
    return typeof value === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The variant the engine will settle on, known before it has loaded, so the first paint need not wait for the
 * services chunk and the server: the stored value (this tab's session storage over the cookie, as the engine
 * reads them), else the engine's own sticky pick for this uid. Only a server value that differs (an account's
 * value from another device) changes it afterwards.
 */
export function predictVariant(
  name: AbTestName,
  storage: AbTestStorage = browserAbTestStorage(),
  uid: () => string = () =>
    storedVisitorId(
      safeStorage(
        webStorage(() => globalThis.localStorage),
        silentLogger,
      ),
    ).get(),
): string {
  const test = defaultAbTests[name]!;
  const read = (place: AbTestStorage['session']) => {
    try {
      return storedValue(place.get(AB_TESTS_STORAGE_KEY), name);
    } catch {
      return undefined;
    }
  };
  const stored = read(storage.session) ?? read(storage.cookie);
  if (stored && test.variants.some((variant) => variant.value === stored)) return stored;
  return pickVariant(uid(), test);
}

const noStore = { subscribe: () => () => undefined };

/**
 * A test's variant for this page (docs/product.md#ab-test-assignments): the A/B engine's value once it has loaded,
 * predicted until then (`predictVariant`), so visitors and members alike see their variant from the first paint.
 */
export function useAbVariant(name: AbTestName): string {
  const engine = useOptionalServices()?.abEngine;
  const [predicted] = useState(() => predictVariant(name));
  const assigned = useSyncExternalStore(
    (engine?.store ?? noStore).subscribe,
    () => (engine?.store.getState().status === 'ready' ? engine.variant(name) : undefined),
    () => undefined,
  );
  return assigned ?? predicted;
}
