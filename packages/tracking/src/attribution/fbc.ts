/**
 * Meta's click value `fb.{subdomainIndex}.{creationTime}.{fbclid}` (Meta Conversions API, "fbc" parameter):
 * the prefix is always `fb`, the subdomain index is 1 for a value made outside Meta's pixel, and the creation
 * time is in milliseconds since the epoch.
 */
export function buildFbc(fbclid: string, firstSeenAtMs: number): string {
  return `fb.1.${Math.floor(firstSeenAtMs)}.${fbclid}`;
}
