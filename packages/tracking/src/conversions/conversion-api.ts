import type * as contract from '@wingmate/api-contract';

/** The conversions the product reports (docs/product.md#attribution-ab-tests-and-analytics). */
export type ConversionName = 'CompleteRegistration' | 'StartTrial' | 'Purchase';

export interface Money {
  value: number;
  /** ISO 4217 code, e.g. `USD`. */
  currency: string;
}

/**
 * POST /api/v1/analytics/utm-params/create/ (docs/product.md#analytics-calls): the contract's body, always with a
 * device id.
 */
export type UtmParamsBody = contract.CreateUtmParamsBody & { device_id: string };

/**
 * The shape the pixel-style platforms share (docs/product.md#analytics-calls, "facebook-event/create/"): the
 * contract's body, narrowed to the conversions this package reports. `event_id` is one UUID v4 per conversion on
 * every platform.
 */
export type WebConversionBody = Omit<contract.FacebookEventBody, 'event_name'> & {
  event_name: ConversionName;
};

export type FacebookEventBody = WebConversionBody;
export type TiktokEventBody = WebConversionBody & Required<Pick<contract.TiktokEventBody, 'ttclid'>>;
export type SnapchatEventBody = WebConversionBody &
  Required<Pick<contract.SnapchatEventBody, 'event_conversion_type' | 'sccid'>>;
export type PinterestEventBody = WebConversionBody &
  Required<Pick<contract.PinterestEventBody, 'pinterestid'>>;

/**
 * POST /api/v1/analytics/google-ads/conversion/create/ (docs/product.md#analytics-calls): `conversion_id` is the
 * conversion's name (the server maps it to its action), and the time is always sent, since Google Ads needs when it
 * happened.
 */
export type GoogleAdsConversionBody = Omit<
  contract.GoogleAdsConversionBody,
  'conversion_id' | 'event_time'
> & {
  conversion_id: ConversionName;
  event_time: number;
};

/**
 * The server-side analytics posts (docs/product.md#analytics-calls), as the web wires them to core-sdk's analytics
 * resource. Tracking never calls HTTP itself, so it stays free of the request pipeline and its tests free of the
 * network.
 */
export interface ConversionApi {
  createUtmParams(body: UtmParamsBody): Promise<unknown>;
  createFacebookEvent(body: FacebookEventBody): Promise<unknown>;
  createTiktokEvent(body: TiktokEventBody): Promise<unknown>;
  createSnapchatEvent(body: SnapchatEventBody): Promise<unknown>;
  createPinterestEvent(body: PinterestEventBody): Promise<unknown>;
  createGoogleAdsConversion(body: GoogleAdsConversionBody): Promise<unknown>;
}
