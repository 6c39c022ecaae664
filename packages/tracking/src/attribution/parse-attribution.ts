import { keptParameters, type KeptParameter, type TrackingParams } from './kept-parameters';

const byLowercaseName = new Map<string, KeptParameter>(
  keptParameters.map((parameter) => [parameter.name.toLowerCase(), parameter]),
);

// Relative addresses (a router's `/path?query`) parse against a placeholder origin; only the query is read.
const placeholderOrigin = 'http://localhost';

/**
 * The kept tracking parameters of one address, as they are sent: names matched case-insensitively
 * (`SCCID`, `ScCid`, `sccid` are one parameter), utm values lowercased, click ids verbatim. Blank values count
 * as absent, and the first non-blank occurrence of a repeated parameter wins.
 */
export function parseAttribution(url: string): TrackingParams {
  const params: TrackingParams = {};
  let query: URLSearchParams;
  try {
    query = new URL(url, placeholderOrigin).searchParams;
  } catch {
    return params;
  }
  for (const [name, rawValue] of query) {
    const parameter = byLowercaseName.get(name.toLowerCase());
    if (!parameter || rawValue.trim() === '' || params[parameter.sentAs] !== undefined) continue;
    params[parameter.sentAs] = parameter.value === 'lowercase' ? rawValue.toLowerCase() : rawValue;
  }
  return params;
}

/** The path of an address, without query or hash; `/` for an empty path. */
export function pathOf(url: string): string {
  try {
    return new URL(url, placeholderOrigin).pathname || '/';
  } catch {
    return '/';
  }
}
