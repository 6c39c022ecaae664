import type { ResponseOf } from '@wingmate/core-sdk';
import { useCallback, useEffect, useState } from 'react';
import { usePageDataPending } from '../../frame/page-data';
import { useClient } from '../../stores/services';
import { problemMessage } from './problem';

export type Notice = ResponseOf<'listMessages'>['results'][number];

export interface NoticesState {
  status: 'loading' | 'loaded' | 'failed';
  notices: Notice[];
  /** Whether an older page is there to load. */
  hasMore: boolean;
  loadingMore: boolean;
  error: string | null;
  reload(): void;
  loadMore(): Promise<void>;
  /** Marks one notice read on the server; the list shows it read once the server agreed. */
  markRead(id: number): Promise<void>;
}

/** The member's notices, newest first, a page at a time (`accounts/messages/`). */
export function useNotices(): NoticesState {
  const client = useClient();
  const [status, setStatus] = useState<NoticesState['status']>('loading');
  const [notices, setNotices] = useState<Notice[]>([]);
  const [page, setPage] = useState(1);
  const [hasMore, setHasMore] = useState(false);
  const [loadingMore, setLoadingMore] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  usePageDataPending(status === 'loading');

  useEffect(() => {
    const controller = new AbortController();
    setStatus('loading');
    setError(null);
    client.account.listMessages({}, { signal: controller.signal }).then(
      (first) => {
        setNotices(first.results);
        setPage(1);
        setHasMore(first.next !== null);
        setStatus('loaded');
      },
      (failure: unknown) => {
        if (controller.signal.aborted) return;
        setError(problemMessage(failure));
        setStatus('failed');
      },
    );
    return () => controller.abort();
  }, [client, attempt]);

  const loadMore = useCallback(async () => {
    setLoadingMore(true);
    setError(null);
    try {
      const older = await client.account.listMessages({ page: page + 1 });
      setNotices((shown) => [
        ...shown,
        ...older.results.filter((notice) => !shown.some((s) => s.id === notice.id)),
      ]);
      setPage(page + 1);
      setHasMore(older.next !== null);
    } catch (failure) {
      setError(problemMessage(failure));
    } finally {
      setLoadingMore(false);
    }
  }, [client, page]);

  const markRead = useCallback(
    async (id: number) => {
      await client.account.markMessageRead(id);
      setNotices((shown) => shown.map((notice) => (notice.id === id ? { ...notice, read: true } : notice)));
    },
    [client],
  );

  return {
    status,
    notices,
    hasMore,
    loadingMore,
    error,
    reload: () => setAttempt((n) => n + 1),
    loadMore,
    markRead,
  };
}
