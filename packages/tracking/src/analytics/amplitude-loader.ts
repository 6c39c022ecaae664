import { createAnalyticsClient } from './analytics-client';
import type { LoadAnalytics } from './deferred-analytics';

/**
 * The default analytics: the client over Amplitude's adapter. Amplitude's SDK (some 60 KB gzipped) is imported
 * here only, dynamically, so nothing imports it when the package loads and a bundler gives it a chunk of its own,
 * fetched when this loader first runs: the web's `/` has a 120 KB JavaScript budget (docs/architecture.md,
 * "The web app").
 */
export const loadAmplitudeAnalytics: LoadAnalytics = async ({ apiKey, deviceId, logger }) => {
  const { amplitudeSdk } = await import('./amplitude-sdk');
  return createAnalyticsClient({ apiKey, sdk: amplitudeSdk(), deviceId, logger });
};
