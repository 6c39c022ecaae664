import type { Logger } from '@wingmate/core-sdk';
import type { AnalyticsClient } from './analytics-client';
import { analyticsOff, silentAnalytics } from './analytics-off';
import { ANALYTICS_WAIT_MS } from './analytics-wait';

/** What a loader is given to make the analytics client. */
export interface AnalyticsSetup {
  /** The analytics id of the runtime configuration (a loader is only called when there is one). */
  apiKey: string;
  /**
   * `analyticsDeviceId(uid)`: a one-way hash, never the uid itself
   * (docs/decisions.md#tracking-packagestracking).
   */
  deviceId: string;
  logger: Logger;
}

/** Makes the analytics client, typically once its code has been fetched (`loadAmplitudeAnalytics`). */
export type LoadAnalytics = (setup: AnalyticsSetup) => Promise<AnalyticsClient>;

export interface DeferredAnalyticsOptions {
  /** The analytics id; empty or missing turns analytics off without loading anything. */
  apiKey: string | null | undefined;
  deviceId: string;
  logger: Logger;
  load: LoadAnalytics;
}

/**
 * The analytics client whose code (Amplitude's SDK, some 60 KB gzipped) arrives later, in a chunk of its own, and
 * only when an analytics id is configured: it starts loading at once, and calls made meanwhile wait for it, in the
 * order made, up to `ANALYTICS_WAIT_MS` (5 s, docs/product.md#attribution-ab-tests-and-analytics); a call still
 * waiting then is skipped and logged, as for a slow initialisation. Once in, the loaded client applies the same rule
 * to the SDK's own start. Code that fails to load is logged, and the calls are skipped, as for a failed
 * initialisation.
 */
export function deferredAnalytics({
  apiKey,
  deviceId,
  logger,
  load,
}: DeferredAnalyticsOptions): AnalyticsClient {
  if (!apiKey) return analyticsOff(logger);
  let loaded: AnalyticsClient | null = null;
  const client = new Promise<AnalyticsClient>((resolve) => resolve(load({ apiKey, deviceId, logger }))).then(
    (made) => (loaded = made),
    (error: unknown) => {
      logger.error('analytics: the analytics code could not be loaded; events are skipped', error);
      return (loaded = silentAnalytics);
    },
  );
  /** The client once loaded; null (the call skipped) when it has not come within the 5 s wait. */
  const ready = async (what: string): Promise<AnalyticsClient | null> => {
    if (loaded) return loaded;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const waited = new Promise<null>(
      (resolve) => (timer = setTimeout(() => resolve(null), ANALYTICS_WAIT_MS)),
    );
    const answer = await Promise.race([client, waited]);
    clearTimeout(timer);
    if (!answer) logger.warn(`analytics: ${what} skipped, analytics is not initialised`);
    return answer;
  };
  return {
    setUserId: async (userId) => (await ready('set user id'))?.setUserId(userId),
    setUserProperties: async (properties) =>
      (await ready('set user properties'))?.setUserProperties(properties),
    logEvent: async (eventType, properties) =>
      (await ready(`event ${eventType}`))?.logEvent(eventType, properties),
    pageView: async (path) => (await ready('page_view'))?.pageView(path),
  };
}
