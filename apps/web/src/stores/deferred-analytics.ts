import type { Logger } from '@wingmate/core-sdk';
import type { AnalyticsClient } from '@wingmate/tracking';

type LoadAnalytics = () => Promise<AnalyticsClient>;

const silentAnalytics: AnalyticsClient = {
  setUserId: async () => undefined,
  setUserProperties: async () => undefined,
  logEvent: async () => undefined,
  pageView: async () => undefined,
};

/**
 * The analytics client of spec 4, with its SDK (Amplitude, some 50 KB) fetched in its own chunk, only when an
 * analytics id is configured: it starts loading at once (initialised once, at start), and calls made meanwhile
 * wait for it; the package's client then applies the spec's wait (100 ms polls, 5 s) and failure rules. A chunk
 * that fails to download is logged, and the calls are skipped, as the spec does for a failed initialisation.
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
  const client = load().catch((error: unknown) => {
    logger.error('analytics: the analytics code could not be loaded; events are skipped', error);
    return silentAnalytics;
  });
  return {
    setUserId: async (userId) => (await client).setUserId(userId),
    setUserProperties: async (properties) => (await client).setUserProperties(properties),
    logEvent: async (eventType, properties) => (await client).logEvent(eventType, properties),
    pageView: async (path) => (await client).pageView(path),
  };
}
