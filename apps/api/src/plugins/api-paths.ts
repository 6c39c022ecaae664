import { operationList } from '@wingmate/api-contract';

/** The server's own paths outside the contract: probes, the API's documentation, stored photos. */
const SERVER_PATHS = ['/healthz', '/readyz', '/docs', '/openapi.json', '/uploads'];

/**
 * Where the API answers, as whole path segments (docs/decisions.md#the-spa-fallback-leaves-the-apis-paths-alone): an
 * operation's first segment with the slash after it (`/verify/` for `POST /verify/`, `/api/` for every `/api/v1/...`),
 * or the operation's whole path when it has one segment and no slash (`/healthz`). So `/verify`, a page of the web app,
 * stays the app's, while `/verify/` and everything below it are the API's.
 */
export function apiPathPrefixes(paths: readonly string[] = operationList.map((operation) => operation.path)) {
  const prefixes = paths.map((path) => /^\/[^/]+\/?/.exec(path)?.[0] ?? path);
  return [...new Set([...prefixes, ...SERVER_PATHS])];
}

/** Whether `path` (decoded, without its query) lies under one of `prefixes`, segment by segment. */
export function isUnderPrefix(path: string, prefixes: readonly string[]): boolean {
  return prefixes.some((prefix) =>
    prefix.endsWith('/') ? path.startsWith(prefix) : path === prefix || path.startsWith(`${prefix}/`),
  );
}

/** A path with a segment starting with a dot (`/.env`, `/.git/config`): never a page of the app. */
export function isDotPath(path: string): boolean {
  return path.split('/').some((segment) => segment.startsWith('.'));
}
