import { callOperation, type BodyOf, type QueryOf } from '../http/operation';
import { emptyPageOn404 } from '../http/pages';
import type { ResourceDeps, WithOptionalUid } from './deps';

const newestFirst = (a: { ctime: string }, b: { ctime: string }) => Date.parse(b.ctime) - Date.parse(a.ctime);

export function analyticsResource({ http, visitorId, hasToken }: ResourceDeps) {
  /** Optional-auth posts carry the visitor's uid, so they work without a token (decisions.md). */
  const byUid = <B extends { uid?: string }>(body: B) => ({ ...body, uid: body.uid ?? visitorId.get() });

  return {
    createUtmParams(body: WithOptionalUid<BodyOf<'createUtmParams'>>) {
      return callOperation<'createUtmParams'>(http, {
        method: 'POST',
        path: '/api/v1/analytics/utm-params/create/',
        auth: 'optional',
        body: byUid(body),
      });
    },

    /** Sorted newest first by `ctime` (spec 7). */
    async listUserUtmParams(query: QueryOf<'listUserUtmParams'> = {}) {
      const page = await callOperation<'listUserUtmParams'>(http, {
        method: 'GET',
        path: '/api/v1/analytics/utm-params/user/',
        auth: 'required',
        query,
        fallback: emptyPageOn404(),
      });
      return { ...page, results: [...page.results].sort(newestFirst) };
    },

    createFacebookEvent(body: WithOptionalUid<BodyOf<'createFacebookEvent'>>) {
      return callOperation<'createFacebookEvent'>(http, {
        method: 'POST',
        path: '/api/v1/analytics/facebook-event/create/',
        auth: 'optional',
        body: byUid(body),
      });
    },

    createTiktokEvent(body: WithOptionalUid<BodyOf<'createTiktokEvent'>>) {
      return callOperation<'createTiktokEvent'>(http, {
        method: 'POST',
        path: '/api/v1/analytics/tiktok-event/create/',
        auth: 'optional',
        body: byUid(body),
      });
    },

    createSnapchatEvent(body: WithOptionalUid<BodyOf<'createSnapchatEvent'>>) {
      return callOperation<'createSnapchatEvent'>(http, {
        method: 'POST',
        path: '/api/v1/analytics/snapchat-event/create/',
        auth: 'optional',
        body: byUid(body),
      });
    },

    createPinterestEvent(body: WithOptionalUid<BodyOf<'createPinterestEvent'>>) {
      return callOperation<'createPinterestEvent'>(http, {
        method: 'POST',
        path: '/api/v1/analytics/pinterest-event/create/',
        auth: 'optional',
        body: byUid(body),
      });
    },

    createGoogleAdsConversion(body: WithOptionalUid<BodyOf<'createGoogleAdsConversion'>>) {
      return callOperation<'createGoogleAdsConversion'>(http, {
        method: 'POST',
        path: '/api/v1/analytics/google-ads/conversion/create/',
        auth: 'optional',
        body: byUid(body),
      });
    },

    /** The query carries the uid when anonymous; a 404 is an empty list (spec 7). */
    listAbtests(query: Omit<QueryOf<'listAbtests'>, 'uid'> = {}) {
      return callOperation<'listAbtests'>(http, {
        method: 'GET',
        path: '/api/v1/analytics/abtest/',
        auth: 'optional',
        query: hasToken() ? query : { ...query, uid: visitorId.get() },
        fallback: { statuses: [404], value: () => [] },
      });
    },

    /** A test that already has a value is refused with 409 and code `EXISTED_ABTEST` (spec 4). */
    createAbtest(body: WithOptionalUid<BodyOf<'createAbtest'>>) {
      return callOperation<'createAbtest'>(http, {
        method: 'POST',
        path: '/api/v1/analytics/abtest/',
        auth: 'optional',
        body: byUid(body),
      });
    },
  };
}

export type AnalyticsResource = ReturnType<typeof analyticsResource>;
