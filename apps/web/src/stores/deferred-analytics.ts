import type { Logger } from '@wingmate/core-sdk';
import { ANALYTICS_WAIT_MS, type AnalyticsClient } from '@wingmate/tracking';

type LoadAnalytics = () => Promise<AnalyticsClient>;

const silentAnalytics: AnalyticsClient = {
  setUserId: async () => undefined,
  setUserProperties: async () => undefined,
  logEvent: async () => undefined,
  pageView: async () => undefined,
};

/**
 * The analytics client, with its SDK (Amplitude, some 50 KB) fetched in its own chunk, only when an analytics id
 * is configured: it starts loading at once, and calls made meanwhile wait for it up to `ANALYTICS_WAIT_MS` (5 s,
 * docs/product.md, "Attribution, A/B tests and analytics"); a call still waiting then is skipped and logged, as for
 * a slow initialisation. Once in, the package's client applies the same rule to Amplitude's own start. A chunk
 * that fails to download is logged, and the calls are skipped, as for a failed initialisation.
 */
export function deferredAnalytics(
  apiKey: string | undefined,
  deviceId: string,
  logger: Logger,
  load: LoadAnalytics = () =>
    import('./amplitude-analytics').then((module) =>
      module.createAmplitudeAnalytics(apiKey ?? '', deviceId, logger),
    ),
): AnalyticsClient {
  if (!apiKey) {
    logger.info('analytics: no analytics id is configured, so no analytics events are sent');
    return silentAnalytics;
  }
  let loaded: AnalyticsClient | null = null;
  const client = load().then(
    (made) => (loaded = made),
    (error: unknown) => {
      logger.error('analytics: the analytics code could not be loaded; events are skipped', error);
      return (loaded = silentAnalytics);
    },
  );
  /** The client once loaded; null (the call skipped) when it has not come within the spec's wait. */
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
