import type { TrackingParamName } from '@wingmate/api-contract';

/**
 * The tracking parameters kept from the address (docs/product.md#tracking-parameters), with the name each is sent
 * under and how its value is treated (docs/decisions.md#tracking-packagestracking). Click ids stay verbatim because
 * ad platforms reject altered ids; `blogsource` is a label of ours, not a campaign field, so it is kept as written
 * too.
 */
export const keptParameters = [
  { name: 'utm_source', sentAs: 'utm_source', value: 'lowercase' },
  { name: 'utm_campaign', sentAs: 'utm_campaign', value: 'lowercase' },
  { name: 'utm_content', sentAs: 'utm_content', value: 'lowercase' },
  { name: 'utm_term', sentAs: 'utm_term', value: 'lowercase' },
  { name: 'utm_medium', sentAs: 'utm_medium', value: 'lowercase' },
  { name: 'fbclid', sentAs: 'fbclid', value: 'verbatim' },
  { name: 'gclid', sentAs: 'gclid', value: 'verbatim' },
  { name: 'blogsource', sentAs: 'blogsource', value: 'verbatim' },
  { name: 'irclickid', sentAs: 'irclickid', value: 'verbatim' },
  { name: 'ttclid', sentAs: 'ttclid', value: 'verbatim' },
  { name: 'ScCid', sentAs: 'sccid', value: 'verbatim' },
  { name: 'gbraid', sentAs: 'gbraid', value: 'verbatim' },
  { name: 'wbraid', sentAs: 'wbraid', value: 'verbatim' },
  { name: 'epik', sentAs: 'pinterestid', value: 'verbatim' },
  { name: 'rdt_cid', sentAs: 'rdt_cid', value: 'verbatim' },
] as const satisfies readonly { name: string; sentAs: TrackingParamName; value: 'lowercase' | 'verbatim' }[];

export type KeptParameter = (typeof keptParameters)[number];

/** A parameter's name as the server receives it (the contract's list). */
export type { TrackingParamName };

/** The kept parameters found so far, under their sent names, with sent values. */
export type TrackingParams = Partial<Record<TrackingParamName, string>>;
