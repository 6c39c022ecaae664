import type { TrackingParams } from '../attribution/kept-parameters';

/** The conversions the product reports (decisions.md, "Conversions"). */
export type ConversionName = 'CompleteRegistration' | 'StartTrial' | 'Purchase';

export interface Money {
  value: number;
  /** ISO 4217 code, e.g. `USD`. */
  currency: string;
}

/** POST /api/v1/analytics/utm-params/create/ (spec 7): the visitor's tracking parameters, flat. */
export type UtmParamsBody = TrackingParams & {
  uid: string;
  /** ISO 8601 time of the capture. */
  ctime: string;
  device_id: string;
};

/** The shape the pixel-style platforms share (spec 7, "facebook-event/create/"). */
export interface WebConversionBody {
  /** UUID v4; the same for one conversion on every platform, so the server forwards each once. */
  event_id: string;
  event_name: ConversionName;
  /** Unix time in seconds. */
  event_time: number;
  action_source: 'website';
  client_user_agent: string;
  event_source_url: string;
  /** Meta's click value; omitted when the visitor never came from a Meta ad. */
  fbc?: string;
  uid: string;
  value?: number;
  currency?: string;
}

export type FacebookEventBody = WebConversionBody;
export type TiktokEventBody = WebConversionBody & { ttclid: string };
export type SnapchatEventBody = WebConversionBody & { event_conversion_type: 'WEB'; sccid: string };
export type PinterestEventBody = WebConversionBody & { pinterestid: string };

/** POST /api/v1/analytics/google-ads/conversion/create/ (spec 7). */
export interface GoogleAdsConversionBody {
  event_id: string;
  /** The conversion's name; the server maps it to its Google Ads conversion action. */
  conversion_id: ConversionName;
  gclid: string;
  gbraid?: string;
  wbraid?: string;
  uid: string;
  value?: number;
  currency?: string;
  /** Unix time in seconds; Google Ads needs the conversion's time, not the time the server forwards it. */
  event_time: number;
}

/**
 * The server-side analytics posts (spec 7, "Analytics"), as the web wires them to core-sdk's analytics resource.
 * Tracking never calls HTTP itself, so it stays free of the request pipeline and its tests free of the network.
 */
export interface ConversionApi {
  createUtmParams(body: UtmParamsBody): Promise<unknown>;
  createFacebookEvent(body: FacebookEventBody): Promise<unknown>;
  createTiktokEvent(body: TiktokEventBody): Promise<unknown>;
  createSnapchatEvent(body: SnapchatEventBody): Promise<unknown>;
  createPinterestEvent(body: PinterestEventBody): Promise<unknown>;
  createGoogleAdsConversion(body: GoogleAdsConversionBody): Promise<unknown>;
}
