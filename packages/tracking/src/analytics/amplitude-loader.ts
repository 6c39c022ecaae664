import type { LoadAnalytics } from './deferred-analytics';

/**
 * The default analytics: the client over Amplitude's adapter. That module, with Amplitude's SDK (some 60 KB
 * gzipped), is imported here only, dynamically, so nothing imports it when the package loads and a bundler gives it
 * a chunk of its own, fetched when this loader runs: the web's `/` has a 120 KB JavaScript budget
 * (docs/architecture.md#the-web-app).
 */
export const loadAmplitudeAnalytics: LoadAnalytics = async (setup) => {
  const { createAmplitudeAnalytics } = await import('./amplitude-analytics');
  return createAmplitudeAnalytics(setup);
};
