import type { Notice } from '@wingmate/api-contract';
import { routes } from '@wingmate/api-contract/routes';

export interface EarlyNoticesOptions {
  /** Whether a session token is held: a member's call is left to the SDK (it may need a token refresh). */
  readonly signedIn: boolean;
  /** The visitor's uid, as the SDK will send it. */
  readonly uid: () => string;
  readonly fetch?: typeof fetch;
}

/**
 * A visitor's notices, asked for at once and in parallel with the fonts, so that a rebrand banner is part of the
 * first paint rather than pushing the page down when the services arrive (a layout shift). The same public call
 * the SDK makes (`listMessages`, optional auth, by uid); null for a member, or when it fails (the SDK asks again).
 */
export async function fetchVisitorNotices(
  apiServer: string,
  { signedIn, uid, fetch: fetchImpl = globalThis.fetch }: EarlyNoticesOptions,
): Promise<readonly Notice[] | null> {
  if (signedIn || !fetchImpl) return null;
  const { path } = routes.listMessages;
  try {
    const response = await fetchImpl(`${apiServer}${path}?uid=${encodeURIComponent(uid())}`, {
      headers: { accept: 'application/json' },
    });
    if (!response.ok) return null;
    const page = (await response.json()) as { results?: unknown };
    return Array.isArray(page.results) ? (page.results as Notice[]) : null;
  } catch {
    return null;
  }
}
