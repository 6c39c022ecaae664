import { formatDate } from '@wingmate/core-sdk';
import { BellOff } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { useToast } from '../../ui/toast-store';
import { VisuallyHidden } from '../../ui/VisuallyHidden';
import { AccountSection } from './AccountSection';
import { FormAlert } from './FormAlert';
import { problemMessage } from './problem';
import { useNotices, type Notice } from './useNotices';

function NoticeItem({ notice, onMarkRead }: { notice: Notice; onMarkRead: (id: number) => Promise<void> }) {
  const toast = useToast();
  const [marking, setMarking] = useState(false);

  async function markRead() {
    setMarking(true);
    try {
      await onMarkRead(notice.id);
    } catch (error) {
      toast({ title: 'Could not mark the notice read', description: problemMessage(error), tone: 'error' });
    } finally {
      setMarking(false);
    }
  }

  return (
    <li className="py-4 first:pt-0 last:pb-0">
      <article className="flex flex-col gap-1.5">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-semibold text-ink">{notice.title}</h3>
          {!notice.read && <Badge tone="brand">New</Badge>}
        </div>
        <p className="text-sm leading-6 whitespace-pre-line text-ink">{notice.body}</p>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <time dateTime={notice.created_at} className="text-sm text-ink-muted">
            {formatDate(notice.created_at)}
          </time>
          {!notice.read && (
            <Button variant="ghost" size="sm" loading={marking} onClick={() => void markRead()}>
              Mark as read
              <VisuallyHidden> – {notice.title}</VisuallyHidden>
            </Button>
          )}
        </div>
      </article>
    </li>
  );
}

/** The member's notices (and those for everyone), newest first; reading one marks it read on the server. */
export function NoticesSection() {
  const { status, notices, hasMore, loadingMore, error, reload, loadMore, markRead } = useNotices();
  const unread = notices.filter((notice) => !notice.read).length;
  return (
    <AccountSection
      title="Notices"
      description={
        status === 'loaded' && unread > 0 ? `${unread} unread.` : 'News about your account and Wingmate.'
      }
    >
      {status === 'loading' && <Spinner label="Loading notices" />}
      {status === 'failed' && (
        <div className="flex flex-col items-start gap-3">
          <FormAlert message={error ?? 'We could not load your notices.'} />
          <Button variant="secondary" size="sm" onClick={reload}>
            Try again
          </Button>
        </div>
      )}
      {status === 'loaded' && notices.length === 0 && (
        <p className="flex items-center gap-2 text-ink-muted">
          <BellOff aria-hidden="true" className="size-5" />
          No notices yet.
        </p>
      )}
      {status === 'loaded' && notices.length > 0 && (
        <div className="flex flex-col gap-4">
          <ul className="divide-y divide-line">
            {notices.map((notice) => (
              <NoticeItem key={notice.id} notice={notice} onMarkRead={markRead} />
            ))}
          </ul>
          {error && <FormAlert message={error} />}
          {hasMore && (
            <div>
              <Button variant="secondary" size="sm" loading={loadingMore} onClick={() => void loadMore()}>
                Show older notices
              </Button>
            </div>
          )}
        </div>
      )}
    </AccountSection>
  );
}
