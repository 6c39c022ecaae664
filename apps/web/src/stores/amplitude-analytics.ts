import { createAnalyticsClient, type AnalyticsClient } from '@wingmate/tracking';
import type { Logger } from '@wingmate/core-sdk';

/**
 * The analytics client with its default adapter, Amplitude (first-party product analytics, decisions.md). This
 * module is its own chunk, fetched only when an analytics id is configured (`deferred-analytics.ts`).
 */
export function createAmplitudeAnalytics(apiKey: string, deviceId: string, logger: Logger): AnalyticsClient {
  return createAnalyticsClient({ apiKey, deviceId, logger });
}
