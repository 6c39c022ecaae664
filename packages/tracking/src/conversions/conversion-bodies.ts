import { analyticsDeviceId } from '../analytics/device-id';
import type { TrackingParams } from '../attribution/kept-parameters';
import type {
  ConversionName,
  FacebookEventBody,
  GoogleAdsConversionBody,
  Money,
  PinterestEventBody,
  SnapchatEventBody,
  TiktokEventBody,
  UtmParamsBody,
  WebConversionBody,
} from './conversion-api';

/** Everything one conversion's bodies are built from; one event id for all platforms. */
export interface ConversionEvent {
  eventId: string;
  name: ConversionName;
  money?: Money;
  /** When it happened, in milliseconds since the epoch. */
  occurredAtMs: number;
  userAgent: string;
  sourceUrl: string;
  uid: string;
  params: TrackingParams;
  fbc: string | null;
}

const unixSeconds = (ms: number) => Math.floor(ms / 1000);

const moneyOf = (money: Money | undefined) => (money ? { value: money.value, currency: money.currency } : {});

export function buildUtmParamsBody(uid: string, params: TrackingParams, capturedAtMs: number): UtmParamsBody {
  // device_id is the analytics device id, a one-way hash of the uid (docs/decisions.md#tracking-packagestracking),
  // never the uid itself: it names the same browser as the analytics events do.
  return {
    ...params,
    uid,
    ctime: new Date(capturedAtMs).toISOString(),
    device_id: analyticsDeviceId(uid),
  };
}

/**
 * The fields every pixel-style platform shares (docs/product.md#analytics-calls: TikTok, Snapchat and Pinterest take
 * "the same shape").
 */
function webConversionBody(event: ConversionEvent): WebConversionBody {
  const body: WebConversionBody = {
    event_id: event.eventId,
    event_name: event.name,
    event_time: unixSeconds(event.occurredAtMs),
    action_source: 'website',
    client_user_agent: event.userAgent,
    event_source_url: event.sourceUrl,
    uid: event.uid,
    ...moneyOf(event.money),
  };
  if (event.fbc) body.fbc = event.fbc;
  return body;
}

/** Meta takes every conversion: it matches by user agent and uid even when the visitor has no fbc. */
export function buildFacebookEvent(event: ConversionEvent): FacebookEventBody {
  return webConversionBody(event);
}

/** The following builders answer null when the visitor has no click id of that platform. */
export function buildTiktokEvent(event: ConversionEvent): TiktokEventBody | null {
  const { ttclid } = event.params;
  return ttclid ? { ...webConversionBody(event), ttclid } : null;
}

export function buildSnapchatEvent(event: ConversionEvent): SnapchatEventBody | null {
  const { sccid } = event.params;
  return sccid ? { ...webConversionBody(event), event_conversion_type: 'WEB', sccid } : null;
}

export function buildPinterestEvent(event: ConversionEvent): PinterestEventBody | null {
  const { pinterestid } = event.params;
  return pinterestid ? { ...webConversionBody(event), pinterestid } : null;
}

export function buildGoogleAdsConversion(event: ConversionEvent): GoogleAdsConversionBody | null {
  const { gclid, gbraid, wbraid } = event.params;
  if (!gclid) return null;
  return {
    event_id: event.eventId,
    conversion_id: event.name,
    gclid,
    ...(gbraid ? { gbraid } : {}),
    ...(wbraid ? { wbraid } : {}),
    uid: event.uid,
    ...moneyOf(event.money),
    event_time: unixSeconds(event.occurredAtMs),
  };
}
