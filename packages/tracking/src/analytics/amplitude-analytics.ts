import { amplitudeSdk } from './amplitude-sdk';
import { createAnalyticsClient, type AnalyticsClient } from './analytics-client';
import type { AnalyticsSetup } from './deferred-analytics';

/** The analytics client over Amplitude's adapter: what `loadAmplitudeAnalytics` fetches, in a chunk of its own. */
export function createAmplitudeAnalytics(setup: AnalyticsSetup): AnalyticsClient {
  return createAnalyticsClient({ ...setup, sdk: amplitudeSdk() });
}
