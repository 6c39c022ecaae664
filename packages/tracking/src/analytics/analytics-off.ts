import type { Logger } from '@wingmate/core-sdk';
import type { AnalyticsClient } from './analytics-client';

// A module of its own, so the deferred client, which loads before Amplitude's chunk, carries no more of the client
// than this.

/** The client that sends nothing: analytics is off, or its code could not be loaded. */
export const silentAnalytics: AnalyticsClient = {
  setUserId: async () => {},
  setUserProperties: async () => {},
  logEvent: async () => {},
  pageView: async () => {},
};

/** Analytics with no analytics id configured: silent, with one info line saying so. */
export function analyticsOff(logger: Logger): AnalyticsClient {
  logger.info('analytics: no analytics id is configured, so no analytics events are sent');
  return silentAnalytics;
}
