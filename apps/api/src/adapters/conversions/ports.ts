import type { ConversionEventName } from './event-names';

export type ConversionPlatformName = 'facebook' | 'tiktok' | 'snapchat' | 'pinterest' | 'google_ads';

export const conversionPlatformNames: readonly ConversionPlatformName[] = [
  'facebook',
  'tiktok',
  'snapchat',
  'pinterest',
  'google_ads',
];

/** One conversion as the adapters see it: a stored row joined with what the account tells about the person. */
export interface OutgoingConversion {
  readonly eventId: string;
  readonly eventName: ConversionEventName | null;
  readonly eventTime: Date;
  readonly sourceUrl: string | undefined;
  readonly userAgent: string | undefined;
  readonly ip: string | undefined;
  readonly valueCents: number | null;
  readonly currency: string | null;
  /** fbc, ttclid, sccid, epik, gclid, gbraid, wbraid: verbatim, as the platforms issued them. */
  readonly clickIds: Readonly<Partial<Record<ClickIdName, string>>>;
  /** Google Ads' conversion action id (from the web app's post, or the server's configured action). */
  readonly conversionActionId: string | undefined;
  /** The signed-in person, when known; hashed by each adapter after normalising. */
  readonly email: string | undefined;
  readonly phone: string | undefined;
  readonly externalId: string | undefined;
}

export type ClickIdName = 'fbc' | 'ttclid' | 'sccid' | 'epik' | 'gclid' | 'gbraid' | 'wbraid';

/**
 * What a delivery attempt came to. `retryable`: throttled (429), a server error (5xx) or no answer; the outbox
 * tries again later. Otherwise the platform refused the event and trying again would not change that.
 */
export type DeliveryOutcome =
  { readonly ok: true } | { readonly ok: false; readonly retryable: boolean; readonly reason: string };

export interface ConversionPlatform {
  readonly name: ConversionPlatformName;
  send(conversion: OutgoingConversion): Promise<DeliveryOutcome>;
}
