import { useEffect, useMemo, useState } from 'react';
import type { Notice } from '@wingmate/api-contract';
import { createNoticesStore } from '@wingmate/core-sdk';
import { useOptionalServices } from '../stores/services';
import { pageBannerNotice } from './page-notice';
import { RebrandBanner } from './RebrandBanner';
import { useSignedIn } from './signed-in';

/**
 * The rebrand text (docs/product.md#dating-bio-photos-profile): the newest unread notice of kind `banner`; the list
 * comes newest first.
 */
export function newestUnreadBanner(notices: readonly Notice[]): Notice | null {
  return (
    [...notices]
      .filter((notice) => notice.kind === 'banner' && !notice.read)
      .sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at))[0] ?? null
  );
}

/**
 * The rebrand banner fed from the notices (docs/product.md#every-page; docs/decisions.md#calls): shown to visitors and
 * members alike; dismissing it is remembered on the device, and for a member also marks the notice read on the server.
 * It starts from the banner the page came with (`pageBannerNotice`), so it is part of the first paint; the notices
 * call, once the services are in (and after each sign-in or sign-out), has the last word (a member may have read it
 * elsewhere).
 */
export function NoticeBanner({ initial = pageBannerNotice() }: { initial?: Notice | null }) {
  const client = useOptionalServices()?.client ?? null;
  const signedIn = useSignedIn();
  const notices = useMemo(() => client && createNoticesStore(client.account), [client]);
  const [notice, setNotice] = useState<Notice | null>(initial);

  useEffect(() => {
    if (!notices) return;
    // Without the notices (`null`) the page keeps the banner it came with; nothing the person can act on.
    void notices.load().then((loaded) => loaded && setNotice(newestUnreadBanner(loaded)));
    return () => notices.cancel();
  }, [notices, signedIn]);

  if (!notice) return null;
  const markRead = () => {
    if (!notices || !client?.session.isLoggedIn()) return;
    notices.markRead(notice.id).catch((error: unknown) => {
      console.warn('The banner notice could not be marked read; it stays dismissed on this device', error);
    });
  };
  return (
    <RebrandBanner
      key={notice.id}
      noticeId={notice.id}
      title={notice.title}
      text={notice.body}
      onDismiss={markRead}
    />
  );
}
