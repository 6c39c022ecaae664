import { useEffect, useState } from 'react';
import type { Notice } from '@wingmate/api-contract';
import type { AppServices } from '../stores/services';
import { useOptionalServices } from '../stores/services';
import { useSession } from '../stores/session';
import { RebrandBanner } from './RebrandBanner';

/** The rebrand text (decisions.md): the newest unread notice of kind `banner`; the list comes newest first. */
export function newestUnreadBanner(notices: readonly Notice[]): Notice | null {
  return (
    [...notices]
      .filter((notice) => notice.kind === 'banner' && !notice.read)
      .sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at))[0] ?? null
  );
}

function LoadedNoticeBanner({ client }: Pick<AppServices, 'client'>) {
  const isLoggedIn = useSession((state) => state.isLoggedIn);
  const [notice, setNotice] = useState<Notice | null>(null);

  useEffect(() => {
    const visit = new AbortController();
    client.account.listMessages({}, { signal: visit.signal }).then(
      (page) => setNotice(newestUnreadBanner(page.results)),
      // Without the notices the page simply has no banner; nothing the person can act on.
      () => undefined,
    );
    return () => visit.abort();
  }, [client, isLoggedIn]);

  if (!notice) return null;
  const markRead = () => {
    if (!client.session.isLoggedIn()) return;
    client.account.markMessageRead(notice.id).catch((error: unknown) => {
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

/**
 * The rebrand banner fed from the notices (spec 2; decisions.md): shown to visitors and members alike; dismissing
 * it is remembered on the device, and for a member also marks the notice read on the server.
 */
export function NoticeBanner() {
  const services = useOptionalServices();
  return services ? <LoadedNoticeBanner client={services.client} /> : null;
}
