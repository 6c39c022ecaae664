import { consoleLogger, systemClock, type Clock, type Logger, type VisitorId } from '@wingmate/core-sdk';
import { v4 as uuidv4 } from 'uuid';
import type { AttributionStore } from '../attribution/attribution-store';
import type { ConversionApi, ConversionName, Money } from './conversion-api';
import {
  buildFacebookEvent,
  buildGoogleAdsConversion,
  buildPinterestEvent,
  buildSnapchatEvent,
  buildTiktokEvent,
  type ConversionEvent,
} from './conversion-bodies';

export type AdPlatform = 'facebook' | 'tiktok' | 'snapchat' | 'pinterest' | 'google-ads';

export interface ConversionResult {
  /** The event id every platform's post carried. */
  eventId: string;
  /** The platforms a post was made to, whether or not it succeeded. */
  platforms: AdPlatform[];
}

export interface TrackConversion {
  (name: 'Purchase', money: Money): Promise<ConversionResult>;
  (name: Exclude<ConversionName, 'Purchase'>, money?: Money): Promise<ConversionResult>;
}

export interface ConversionTrackerOptions {
  api: ConversionApi;
  attribution: Pick<AttributionStore, 'getState' | 'fbc'>;
  visitorId: VisitorId;
  /** The browser's user agent, read when a conversion happens. */
  userAgent: () => string;
  /** The current page address, read when a conversion happens. */
  location: () => string;
  clock?: Clock;
  logger?: Logger;
}

interface PlatformPost {
  platform: AdPlatform;
  send: () => Promise<unknown>;
}

function postsFor(api: ConversionApi, event: ConversionEvent): PlatformPost[] {
  const posts: PlatformPost[] = [
    { platform: 'facebook', send: () => api.createFacebookEvent(buildFacebookEvent(event)) },
  ];
  const tiktok = buildTiktokEvent(event);
  if (tiktok) posts.push({ platform: 'tiktok', send: () => api.createTiktokEvent(tiktok) });
  const snapchat = buildSnapchatEvent(event);
  if (snapchat) posts.push({ platform: 'snapchat', send: () => api.createSnapchatEvent(snapchat) });
  const pinterest = buildPinterestEvent(event);
  if (pinterest) posts.push({ platform: 'pinterest', send: () => api.createPinterestEvent(pinterest) });
  const googleAds = buildGoogleAdsConversion(event);
  if (googleAds) posts.push({ platform: 'google-ads', send: () => api.createGoogleAdsConversion(googleAds) });
  return posts;
}

/**
 * Reports a conversion to every ad platform that applies: Meta always, the others when the visitor carries
 * their click id. One event id is shared by all posts so the server forwards each (platform, event) once.
 * Failed posts are logged and ignored (docs/product.md#error-catalogue), so a conversion never breaks the flow
 * that made it.
 */
export function createConversionTracker({
  api,
  attribution,
  visitorId,
  userAgent,
  location,
  clock = systemClock,
  logger = consoleLogger,
}: ConversionTrackerOptions): TrackConversion {
  return async (name: ConversionName, money?: Money): Promise<ConversionResult> => {
    const event: ConversionEvent = {
      eventId: uuidv4(),
      name,
      money,
      occurredAtMs: clock.now(),
      userAgent: userAgent(),
      sourceUrl: location(),
      uid: visitorId.get(),
      params: attribution.getState().params,
      fbc: attribution.fbc(),
    };
    const posts = postsFor(api, event);
    await Promise.all(
      posts.map(async ({ platform, send }) => {
        try {
          await send();
        } catch (error) {
          logger.error(`tracking: ${name} conversion to ${platform} failed`, error);
        }
      }),
    );
    return { eventId: event.eventId, platforms: posts.map((post) => post.platform) };
  };
}
