import { consoleLogger, timerSleep, type Logger } from '@wingmate/core-sdk';
import type { AnalyticsSdk, Properties } from './analytics-sdk';
import { analyticsOff } from './analytics-off';
import { ANALYTICS_POLL_MS, ANALYTICS_WAIT_MS } from './analytics-wait';

/**
 * The four calls of the analytics client (docs/product.md#the-analytics-client). Each resolves once sent or
 * skipped, and never rejects.
 */
export interface AnalyticsClient {
  setUserId(userId: string | undefined): Promise<void>;
  setUserProperties(properties: Properties): Promise<void>;
  logEvent(eventType: string, properties?: Properties): Promise<void>;
  pageView(path: string): Promise<void>;
}

export interface AnalyticsClientOptions {
  /** The analytics id of the runtime configuration; without one analytics is off. */
  apiKey: string | null | undefined;
  /**
   * The analytics service: Amplitude's adapter (which `loadAmplitudeAnalytics` fetches, in a chunk of its own), a
   * test's fake, or another platform's.
   */
  sdk: AnalyticsSdk;
  /**
   * The analytics device id: `analyticsDeviceId(uid)`, a one-way hash, never the uid itself
   * (docs/decisions.md#the-sdk-surface-the-web-app-binds-to).
   */
  deviceId?: string;
  logger?: Logger;
}

/**
 * The analytics client, initialised once at creation. Calls made before initialisation finishes wait for it,
 * looking every 100 ms for up to 5 s, and are skipped after that; failures are logged and ignored
 * (docs/product.md#error-catalogue).
 */
export function createAnalyticsClient({
  apiKey,
  sdk: analytics,
  deviceId,
  logger = consoleLogger,
}: AnalyticsClientOptions): AnalyticsClient {
  if (!apiKey) return analyticsOff(logger);
  let status: 'starting' | 'ready' | 'failed' = 'starting';
  new Promise<void>((resolve) => resolve(analytics.init(apiKey, { deviceId }))).then(
    () => void (status = 'ready'),
    (error) => {
      status = 'failed';
      logger.error('analytics: initialisation failed', error);
    },
  );

  const initialised = async (): Promise<boolean> => {
    for (let waited = 0; status === 'starting' && waited < ANALYTICS_WAIT_MS; waited += ANALYTICS_POLL_MS) {
      await timerSleep(ANALYTICS_POLL_MS);
    }
    return status === 'ready';
  };

  const call = async (what: string, run: () => void | Promise<void>): Promise<void> => {
    if (!(await initialised())) {
      logger.warn(`analytics: ${what} skipped, analytics is not initialised`);
      return;
    }
    try {
      await run();
    } catch (error) {
      logger.error(`analytics: ${what} failed`, error);
    }
  };

  return {
    setUserId: (userId) => call('set user id', () => analytics.setUserId(userId)),
    setUserProperties: (properties) =>
      call('set user properties', () => analytics.setUserProperties(properties)),
    logEvent: (eventType, properties) =>
      call(`event ${eventType}`, () => analytics.track(eventType, properties)),
    pageView: (path) => call('page_view', () => analytics.track('page_view', { path })),
  };
}
