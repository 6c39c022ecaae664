import Type, { type Static } from 'typebox';
import { abTestDefinitions, type AbTestName } from './abtests';
import { Id, Nullable, Page, PageQuery, Timestamp, Uid } from './common';
import { AuthenticationError, CodedError, DetailError, FieldErrors } from './errors';
import { defineOperation } from './operation';
import { analyticsRoutes } from './analytics.routes';

// ---------------------------------------------------------------------------------------------------------------
// Tracking parameters (docs/product.md#tracking-parameters)

/** The 15 tracking parameters as sent: names lowercased, `epik` sent as `pinterestid`, `ScCid` as `sccid`. */
export const trackingParamNames = [
  'utm_source',
  'utm_campaign',
  'utm_content',
  'utm_term',
  'utm_medium',
  'fbclid',
  'gclid',
  'blogsource',
  'irclickid',
  'ttclid',
  'sccid',
  'gbraid',
  'wbraid',
  'pinterestid',
  'rdt_cid',
] as const;
export type TrackingParamName = (typeof trackingParamNames)[number];

const TrackingValue = Type.String({ maxLength: 500 });
const DeviceId = Type.String({ minLength: 1, maxLength: 255 });

export const CreateUtmParamsBody = Type.Object({
  uid: Uid,
  /** When the client read the parameters; the user's list is sorted by it, newest first. */
  ctime: Timestamp,
  device_id: Type.Optional(DeviceId),
  utm_source: Type.Optional(TrackingValue),
  utm_campaign: Type.Optional(TrackingValue),
  utm_content: Type.Optional(TrackingValue),
  utm_term: Type.Optional(TrackingValue),
  utm_medium: Type.Optional(TrackingValue),
  fbclid: Type.Optional(TrackingValue),
  gclid: Type.Optional(TrackingValue),
  blogsource: Type.Optional(TrackingValue),
  irclickid: Type.Optional(TrackingValue),
  ttclid: Type.Optional(TrackingValue),
  sccid: Type.Optional(TrackingValue),
  gbraid: Type.Optional(TrackingValue),
  wbraid: Type.Optional(TrackingValue),
  pinterestid: Type.Optional(TrackingValue),
  rdt_cid: Type.Optional(TrackingValue),
});
export type CreateUtmParamsBody = Static<typeof CreateUtmParamsBody>;

const StoredValue = Nullable(Type.String());

/** One stored set of tracking parameters; a parameter not sent is null. */
export const UtmParams = Type.Object({
  id: Id,
  uid: Type.String(),
  ctime: Timestamp,
  device_id: StoredValue,
  utm_source: StoredValue,
  utm_campaign: StoredValue,
  utm_content: StoredValue,
  utm_term: StoredValue,
  utm_medium: StoredValue,
  fbclid: StoredValue,
  gclid: StoredValue,
  blogsource: StoredValue,
  irclickid: StoredValue,
  ttclid: StoredValue,
  sccid: StoredValue,
  gbraid: StoredValue,
  wbraid: StoredValue,
  pinterestid: StoredValue,
  rdt_cid: StoredValue,
  created_at: Timestamp,
});
export type UtmParams = Static<typeof UtmParams>;

export const UtmParamsPage = Page(UtmParams);
export type UtmParamsPage = Static<typeof UtmParamsPage>;

// ---------------------------------------------------------------------------------------------------------------
// Ad conversions (docs/decisions.md#attribution-and-ab)

/**
 * A client's event id must be a UUID: the server's own conversions use ids with the `srv-` prefix, so a client
 * can never take the id of a conversion the server will record (docs/decisions.md#money-chat-uploads-and-ai-limits).
 */
const EventId = Type.String({
  pattern: '^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$',
  maxLength: 36,
  description: 'UUID (e.g. from crypto.randomUUID()); each platform gets it once',
  examples: ['5f0c7a0e-3b1d-4c2a-9e8f-6a7b8c9d0e1f'],
});
const Currency = Type.String({
  pattern: '^[A-Za-z]{3}$',
  maxLength: 3,
  description: 'ISO 4217 code, e.g. USD',
});
const ClickId = Type.String({ maxLength: 500 });
/** The largest conversion value a client may post (docs/decisions.md#client-conversions). */
const MAX_CONVERSION_VALUE = 100000;
/** In the currency's main unit (9.99); the server keeps it in cents. */
const ConversionValue = Type.Number({
  minimum: 0,
  maximum: MAX_CONVERSION_VALUE,
  description: `In the currency's main unit (9.99), at most ${MAX_CONVERSION_VALUE}`,
});
/** A Unix time in seconds a `Date` can hold (up to 9999-12-31). */
const UnixSeconds = Type.Integer({ minimum: 0, maximum: 253402300799 });

/** The fields shared by the Meta, TikTok, Snapchat and Pinterest events (Meta's Conversions API names). */
const pixelEventFields = {
  event_id: EventId,
  /**
   * A standard web event (`PageView`, `ViewContent`, `Lead`, `InitiateCheckout`, `AddPaymentInfo`, `Subscribe`).
   * The server records `CompleteRegistration`, `StartTrial` and `Purchase` itself, so a client's is a 400.
   */
  event_name: Type.String({
    minLength: 1,
    maxLength: 100,
    description:
      'A standard web event; the server records CompleteRegistration, StartTrial and Purchase itself (400)',
    examples: ['PageView'],
  }),
  /** Unix time in seconds, as the ad platforms take it (at most 9999-12-31). */
  event_time: UnixSeconds,
  action_source: Type.Literal('website'),
  client_user_agent: Type.String({ maxLength: 1000 }),
  event_source_url: Type.String({ maxLength: 2048 }),
  fbc: Type.Optional(ClickId),
  uid: Uid,
  value: Type.Optional(ConversionValue),
  currency: Type.Optional(Currency),
};

export const FacebookEventBody = Type.Object(pixelEventFields);
export type FacebookEventBody = Static<typeof FacebookEventBody>;

export const TiktokEventBody = Type.Object({ ...pixelEventFields, ttclid: Type.Optional(ClickId) });
export type TiktokEventBody = Static<typeof TiktokEventBody>;

export const SnapchatEventBody = Type.Object({
  ...pixelEventFields,
  event_conversion_type: Type.Literal('WEB'),
  sccid: Type.Optional(ClickId),
});
export type SnapchatEventBody = Static<typeof SnapchatEventBody>;

export const PinterestEventBody = Type.Object({ ...pixelEventFields, pinterestid: Type.Optional(ClickId) });
export type PinterestEventBody = Static<typeof PinterestEventBody>;

export const GoogleAdsConversionBody = Type.Object({
  event_id: EventId,
  /** The server records CompleteRegistration, StartTrial and Purchase itself: their names and actions are a 400. */
  conversion_id: Type.String({
    minLength: 1,
    maxLength: 255,
    description:
      'Google Ads conversion action; those of the conversions the server records itself are refused (400)',
  }),
  gclid: ClickId,
  gbraid: Type.Optional(ClickId),
  wbraid: Type.Optional(ClickId),
  uid: Uid,
  value: Type.Optional(ConversionValue),
  currency: Type.Optional(Currency),
  event_time: Type.Optional(UnixSeconds),
});
export type GoogleAdsConversionBody = Static<typeof GoogleAdsConversionBody>;

/** `stored`: kept only (no keys for that platform, or a name it does not forward); `queued`: will be sent once. */
export const ConversionReceipt = Type.Object({
  id: Id,
  event_id: Type.String(),
  status: Type.Union([Type.Literal('stored'), Type.Literal('queued')]),
});
export type ConversionReceipt = Static<typeof ConversionReceipt>;

// ---------------------------------------------------------------------------------------------------------------
// A/B tests (docs/product.md#ab-test-assignments; names and values from abtests.ts)

const abTestNames = Object.keys(abTestDefinitions) as AbTestName[];

export const AbTestNameSchema = Type.Enum(abTestNames);
export const AbTestGroupSchema = Type.Union([Type.Literal('visitor'), Type.Literal('member')]);

export const AbTestAssignment = Type.Object({ name: Type.String(), value: Type.String() });
export type AbTestAssignment = Static<typeof AbTestAssignment>;

export const AbTestAssignments = Type.Array(AbTestAssignment);
export type AbTestAssignments = Static<typeof AbTestAssignments>;

export const ListAbtestsQuery = Type.Object({
  /** Sent when anonymous. */
  uid: Type.Optional(Uid),
  /** Answers only that group's tests; without it, all of the caller's. */
  group: Type.Optional(AbTestGroupSchema),
});
export type ListAbtestsQuery = Static<typeof ListAbtestsQuery>;

export const CreateAbtestBody = Type.Object({
  name: AbTestNameSchema,
  /** Checked against the test's variants by the server (400 for an unknown one). */
  value: Type.String({ minLength: 1, maxLength: 100 }),
  uid: Uid,
  group: Type.Optional(AbTestGroupSchema),
});
export type CreateAbtestBody = Static<typeof CreateAbtestBody>;

// ---------------------------------------------------------------------------------------------------------------
// Operations (docs/product.md#analytics-calls)

/** Optional-auth calls: 401 for a bad token, 403 for a uid that belongs to another account. */
const byUidErrors = { 401: AuthenticationError, 403: DetailError } as const;

export const createUtmParams = defineOperation({
  ...analyticsRoutes.createUtmParams,
  summary: 'Store the tracking parameters read from the address',
  body: CreateUtmParamsBody,
  responses: { 201: UtmParams, 400: FieldErrors, ...byUidErrors },
});

export const listUserUtmParams = defineOperation({
  ...analyticsRoutes.listUserUtmParams,
  summary: "The signed-in user's stored tracking parameters, newest first by ctime",
  query: PageQuery,
  responses: { 200: UtmParamsPage, 400: FieldErrors, 401: AuthenticationError, 404: DetailError },
});

const conversionSummary = (platform: string) =>
  `Record a conversion for ${platform}; forwarded once per event_id when the platform is enabled`;

/** 429 past 60 posts an hour per uid or 300 per client address (docs/decisions.md#client-conversions). */
const conversionErrors = { 400: FieldErrors, ...byUidErrors, 429: DetailError } as const;

export const createFacebookEvent = defineOperation({
  ...analyticsRoutes.createFacebookEvent,
  summary: conversionSummary('Meta (Conversions API)'),
  body: FacebookEventBody,
  responses: { 201: ConversionReceipt, ...conversionErrors },
});

export const createTiktokEvent = defineOperation({
  ...analyticsRoutes.createTiktokEvent,
  summary: conversionSummary('TikTok'),
  body: TiktokEventBody,
  responses: { 201: ConversionReceipt, ...conversionErrors },
});

export const createSnapchatEvent = defineOperation({
  ...analyticsRoutes.createSnapchatEvent,
  summary: conversionSummary('Snapchat'),
  body: SnapchatEventBody,
  responses: { 201: ConversionReceipt, ...conversionErrors },
});

export const createPinterestEvent = defineOperation({
  ...analyticsRoutes.createPinterestEvent,
  summary: conversionSummary('Pinterest'),
  body: PinterestEventBody,
  responses: { 201: ConversionReceipt, ...conversionErrors },
});

export const createGoogleAdsConversion = defineOperation({
  ...analyticsRoutes.createGoogleAdsConversion,
  summary: conversionSummary('Google Ads'),
  body: GoogleAdsConversionBody,
  responses: { 201: ConversionReceipt, ...conversionErrors },
});

export const listAbtests = defineOperation({
  ...analyticsRoutes.listAbtests,
  summary: "The caller's A/B assignments (by token, else by uid), a bare array of {name, value}",
  query: ListAbtestsQuery,
  responses: { 200: AbTestAssignments, 400: FieldErrors, ...byUidErrors },
});

export const createAbtest = defineOperation({
  ...analyticsRoutes.createAbtest,
  summary: 'Store an A/B assignment; a test that already has a value answers 409 EXISTED_ABTEST',
  body: CreateAbtestBody,
  responses: { 201: AbTestAssignment, 400: FieldErrors, ...byUidErrors, 409: CodedError },
});

export const analyticsOperations = {
  createUtmParams,
  listUserUtmParams,
  createFacebookEvent,
  createTiktokEvent,
  createSnapchatEvent,
  createPinterestEvent,
  createGoogleAdsConversion,
  listAbtests,
  createAbtest,
};
