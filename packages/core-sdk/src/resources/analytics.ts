import type { BodyOf, CallOptions, QueryOf } from '../http/operation';
import { emptyPageOn404 } from '../http/pages';
import type { ResourceDeps, WithOptionalUid } from './deps';

const newestFirst = (a: { ctime: string }, b: { ctime: string }) => Date.parse(b.ctime) - Date.parse(a.ctime);

export function analyticsResource({ call, visitorId, hasToken }: ResourceDeps) {
  /** Optional-auth posts carry the visitor's uid, so they work without a token (docs/decisions.md#core-sdk). */
  const byUid = <B extends { uid?: string }>(body: B) => ({ ...body, uid: body.uid ?? visitorId.get() });

  return {
    createUtmParams: (body: WithOptionalUid<BodyOf<'createUtmParams'>>, options?: CallOptions) =>
      call('createUtmParams', { body: byUid(body), ...options }),

    /** Sorted newest first by `ctime` (docs/product.md#analytics-calls). */
    async listUserUtmParams(query: QueryOf<'listUserUtmParams'> = {}, options?: CallOptions) {
      const page = await call('listUserUtmParams', { query, fallback: emptyPageOn404(), ...options });
      return { ...page, results: [...page.results].sort(newestFirst) };
    },

    createFacebookEvent: (body: WithOptionalUid<BodyOf<'createFacebookEvent'>>, options?: CallOptions) =>
      call('createFacebookEvent', { body: byUid(body), ...options }),
    createTiktokEvent: (body: WithOptionalUid<BodyOf<'createTiktokEvent'>>, options?: CallOptions) =>
      call('createTiktokEvent', { body: byUid(body), ...options }),
    createSnapchatEvent: (body: WithOptionalUid<BodyOf<'createSnapchatEvent'>>, options?: CallOptions) =>
      call('createSnapchatEvent', { body: byUid(body), ...options }),
    createPinterestEvent: (body: WithOptionalUid<BodyOf<'createPinterestEvent'>>, options?: CallOptions) =>
      call('createPinterestEvent', { body: byUid(body), ...options }),
    createGoogleAdsConversion: (
      body: WithOptionalUid<BodyOf<'createGoogleAdsConversion'>>,
      options?: CallOptions,
    ) => call('createGoogleAdsConversion', { body: byUid(body), ...options }),

    /** The query carries the uid when anonymous; a 404 is an empty list (docs/product.md#analytics-calls). */
    listAbtests: (query: Omit<QueryOf<'listAbtests'>, 'uid'> = {}, options?: CallOptions) =>
      call('listAbtests', {
        query: hasToken() ? query : { ...query, uid: visitorId.get() },
        fallback: { statuses: [404], value: () => [] },
        ...options,
      }),

    /**
     * A test that already has a value is refused with 409 and code `EXISTED_ABTEST`
     * (docs/product.md#ab-test-assignments).
     */
    createAbtest: (body: WithOptionalUid<BodyOf<'createAbtest'>>, options?: CallOptions) =>
      call('createAbtest', { body: byUid(body), ...options }),
  };
}

export type AnalyticsResource = ReturnType<typeof analyticsResource>;
