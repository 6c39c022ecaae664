import type { Notice } from '@wingmate/api-contract';

/** Where the production start puts the rebrand banner for the first paint (apps/api, plugins/web-app.ts). */
export interface PageNoticeSource {
  __WINGMATE_NOTICE__?: unknown;
}

/**
 * The rebrand banner the page came with, if it is a well-formed `banner` notice: the production start writes the
 * newest banner for everyone into the page, so the banner is drawn with the first paint rather than pushing the
 * page down when the notices call answers. Null under the dev server, which writes none.
 */
export function pageBannerNotice(source: PageNoticeSource = window as PageNoticeSource): Notice | null {
  const value = source.__WINGMATE_NOTICE__;
  if (!value || typeof value !== 'object') return null;
  const notice = value as Record<string, unknown>;
  const wellFormed =
    typeof notice['id'] === 'number' &&
    notice['kind'] === 'banner' &&
    typeof notice['title'] === 'string' &&
    typeof notice['body'] === 'string' &&
    typeof notice['created_at'] === 'string';
  return wellFormed ? (value as Notice) : null;
}
