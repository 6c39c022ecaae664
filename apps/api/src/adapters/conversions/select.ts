import type { ConversionsConfig } from '../../config';
import { googleAdsConversions } from './google-ads';
import type { HttpOptions } from './http';
import { metaConversions } from './meta';
import { pinterestConversions } from './pinterest';
import type { ConversionPlatform, ConversionPlatformName } from './ports';
import { snapchatConversions } from './snapchat';
import { tiktokConversions } from './tiktok';

export type ConversionPlatforms = Partial<Record<ConversionPlatformName, ConversionPlatform>>;

/** The platforms whose keys are configured; the others keep their conversions stored only. */
export function configuredConversionPlatforms(
  config: ConversionsConfig,
  fetcher: typeof fetch = fetch,
): ConversionPlatforms {
  const http: HttpOptions = { fetcher, timeoutMs: config.requestTimeoutMs };
  return {
    ...(config.meta && { facebook: metaConversions(config.meta, http) }),
    ...(config.tiktok && { tiktok: tiktokConversions(config.tiktok, http) }),
    ...(config.snapchat && { snapchat: snapchatConversions(config.snapchat, http) }),
    ...(config.pinterest && { pinterest: pinterestConversions(config.pinterest, http) }),
    ...(config.googleAds && { google_ads: googleAdsConversions(config.googleAds, http) }),
  };
}
