import { defineRoutes } from './route';

/** Method, path and auth mode of each analytics operation, with no schema code; `./analytics.ts` spreads them. */
export const analyticsRoutes = defineRoutes('analytics', {
  createUtmParams: ['POST', '/api/v1/analytics/utm-params/create/', 'optional'],
  listUserUtmParams: ['GET', '/api/v1/analytics/utm-params/user/', 'required'],
  createFacebookEvent: ['POST', '/api/v1/analytics/facebook-event/create/', 'optional'],
  createTiktokEvent: ['POST', '/api/v1/analytics/tiktok-event/create/', 'optional'],
  createSnapchatEvent: ['POST', '/api/v1/analytics/snapchat-event/create/', 'optional'],
  createPinterestEvent: ['POST', '/api/v1/analytics/pinterest-event/create/', 'optional'],
  createGoogleAdsConversion: ['POST', '/api/v1/analytics/google-ads/conversion/create/', 'optional'],
  listAbtests: ['GET', '/api/v1/analytics/abtest/', 'optional'],
  createAbtest: ['POST', '/api/v1/analytics/abtest/', 'optional'],
});
