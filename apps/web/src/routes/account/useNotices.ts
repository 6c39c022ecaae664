import { createNoticesStore, type Notice } from '@wingmate/core-sdk';
import { useEffect } from 'react';
import { useStore } from 'zustand';
import { usePageDataPending } from '../../frame/page-data';
import { useScreenStore } from '../../stores/screen-store';
import { problemMessage } from './problem';

export type { Notice };

export interface NoticesState {
  status: 'loading' | 'loaded' | 'failed';
  notices: Notice[];
  /** Whether an older page is there to load. */
  hasMore: boolean;
  loadingMore: boolean;
  error: string | null;
  reload: () => void;
  loadMore: () => Promise<void>;
  /** Marks one notice read on the server; the list shows it read once the server agreed. */
  markRead: (id: number) => Promise<void>;
}

/** The member's notices, newest first, a page at a time, loaded while the section is shown. */
export function useNotices(): NoticesState {
  const store = useScreenStore((client) => createNoticesStore(client.account));
  const { status, notices, hasMore, loadingMore, error } = useStore(store);
  // The section shows its spinner from the first paint: a store not yet asked is as good as loading.
  const shownStatus = status === 'idle' ? 'loading' : status;
  usePageDataPending(shownStatus === 'loading');

  useEffect(() => {
    void store.load();
    return () => store.cancel();
  }, [store]);

  return {
    status: shownStatus,
    notices,
    hasMore,
    loadingMore,
    error: error === null ? null : problemMessage(error),
    reload: () => void store.load(),
    loadMore: () => store.loadMore(),
    markRead: (id) => store.markRead(id),
  };
}
