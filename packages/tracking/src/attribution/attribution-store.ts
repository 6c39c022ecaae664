import type { Clock, KeyValueStorage, Logger } from '@wingmate/core-sdk';
import { buildFbc } from './fbc';
import type { TrackingParams } from './kept-parameters';
import { parseAttribution } from './parse-attribution';

/** The storage key of the kept tracking parameters. */
export const ATTRIBUTION_KEY = 'wingmate_attribution';
/** The cookie Meta's pixel writes its click value to; it wins over ours when present. */
export const META_CLICK_COOKIE = '_fbc';

export interface AttributionState {
  params: TrackingParams;
  /** Our Meta click value, made when an fbclid was first seen; null before any fbclid. */
  fbc: string | null;
}

export interface AttributionStore {
  /** Reads the kept parameters of an address into storage; `changed` is true when a stored value changed. */
  capture(url: string): { changed: boolean; state: AttributionState };
  getState(): AttributionState;
  /** The fbc to send: Meta's `_fbc` cookie when the pixel set one, else ours. */
  fbc(): string | null;
}

export interface AttributionStoreOptions {
  /** Where the parameters are kept (the browser's localStorage in the web app). */
  storage: KeyValueStorage;
  /** Where Meta's `_fbc` cookie is read from. */
  cookies: KeyValueStorage;
  clock: Clock;
  logger: Logger;
}

const emptyState: AttributionState = { params: {}, fbc: null };

/** A new non-empty value replaces the stored one; parameters absent from the address keep what was stored. */
export function mergeAttribution(stored: TrackingParams, incoming: TrackingParams): TrackingParams {
  return { ...stored, ...incoming };
}

export function createAttributionStore({
  storage,
  cookies,
  clock,
  logger,
}: AttributionStoreOptions): AttributionStore {
  const read = (): AttributionState => {
    const raw = storage.get(ATTRIBUTION_KEY);
    if (!raw) return emptyState;
    try {
      const parsed = JSON.parse(raw) as Partial<AttributionState>;
      return { params: parsed.params ?? {}, fbc: parsed.fbc ?? null };
    } catch (error) {
      logger.warn('tracking: stored attribution is unreadable and is ignored', error);
      return emptyState;
    }
  };

  return {
    getState: read,
    capture(url) {
      const stored = read();
      const incoming = parseAttribution(url);
      const params = mergeAttribution(stored.params, incoming);
      // The fbc keeps the time its fbclid was first seen, so it stays the same while the fbclid does.
      const fbclidIsNew = incoming.fbclid !== undefined && incoming.fbclid !== stored.params.fbclid;
      const fbc =
        params.fbclid && (fbclidIsNew || !stored.fbc) ? buildFbc(params.fbclid, clock.now()) : stored.fbc;
      const state = { params, fbc };
      const serialised = JSON.stringify(state);
      // Merging keeps the stored key order, so an address that adds nothing serialises exactly as before.
      const changed = serialised !== JSON.stringify(stored);
      if (changed) storage.set(ATTRIBUTION_KEY, serialised);
      return { changed, state };
    },
    fbc: () => cookies.get(META_CLICK_COOKIE) || read().fbc,
  };
}
