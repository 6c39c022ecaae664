export { ANALYTICS_POLL_MS, ANALYTICS_WAIT_MS } from './analytics/analytics-wait';
export {
  createAnalyticsClient,
  type AnalyticsClient,
  type AnalyticsClientOptions,
} from './analytics/analytics-client';
export {
  deferredAnalytics,
  type AnalyticsSetup,
  type DeferredAnalyticsOptions,
  type LoadAnalytics,
} from './analytics/deferred-analytics';
// Amplitude's adapter (`amplitude-sdk.ts`, `amplitude-analytics.ts`) is not exported: only this loader reaches it,
// by a dynamic import, so importing the package never loads Amplitude's SDK.
export { loadAmplitudeAnalytics } from './analytics/amplitude-loader';
export type {
  AnalyticsSdk,
  AnalyticsSdkInitOptions,
  Properties,
  PropertyValue,
} from './analytics/analytics-sdk';
export { analyticsDeviceId } from './analytics/device-id';
export {
  FUNNEL_EVENT_NAMES,
  funnelEvent,
  type FunnelEvent,
  type FunnelEventName,
  type FunnelEvents,
  type PaymentStep,
  type PaywallReason,
  type PlanType,
  type SignUpMethod,
} from './funnel/funnel-events';
export {
  abTestProperties,
  memberStatusOf,
  planPropertyOf,
  type AccountFacts,
  type FunnelUserProperties,
  type MemberStatus,
  type PlanHolding,
} from './funnel/funnel-user-properties';
export {
  FIRST_MESSAGE_KEY,
  firstMessageMemory,
  type FirstMessageMemory,
} from './funnel/first-message-memory';
export { createFunnelTracker, type FunnelTracker, type FunnelTrackerOptions } from './funnel/funnel-tracker';
export {
  keptParameters,
  type KeptParameter,
  type TrackingParamName,
  type TrackingParams,
} from './attribution/kept-parameters';
export { parseAttribution, pathOf } from './attribution/parse-attribution';
export { buildFbc } from './attribution/fbc';
export {
  ATTRIBUTION_KEY,
  META_CLICK_COOKIE,
  createAttributionStore,
  mergeAttribution,
  type AttributionState,
  type AttributionStore,
  type AttributionStoreOptions,
} from './attribution/attribution-store';
export {
  createAttributionReporter,
  type AttributionReporter,
  type AttributionReporterOptions,
} from './attribution/attribution-reporter';
export type {
  ConversionApi,
  ConversionName,
  FacebookEventBody,
  GoogleAdsConversionBody,
  Money,
  PinterestEventBody,
  SnapchatEventBody,
  TiktokEventBody,
  UtmParamsBody,
  WebConversionBody,
} from './conversions/conversion-api';
export {
  buildFacebookEvent,
  buildGoogleAdsConversion,
  buildPinterestEvent,
  buildSnapchatEvent,
  buildTiktokEvent,
  buildUtmParamsBody,
  type ConversionEvent,
} from './conversions/conversion-bodies';
export {
  createConversionTracker,
  type AdPlatform,
  type ConversionResult,
  type ConversionTrackerOptions,
  type TrackConversion,
} from './conversions/conversion-tracker';
export type { RouteFlag } from './routes/route-flag';
export { createRouteTracker, type RouteTracker, type RouteTrackerOptions } from './routes/route-tracker';
export { browserCookies, browserLocalStorage, browserLocation, browserUserAgent } from './browser';
export { createTracking, type Tracking, type TrackingOptions, type TrackingState } from './tracking';
