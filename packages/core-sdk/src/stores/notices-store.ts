import type { ResponseOf } from '../http/operation';
import type { AccountResource } from '../resources/account';
import { createStore, type ReadableStore } from './store';
import { readSide } from './read-side';

export type Notice = ResponseOf<'listMessages'>['results'][number];

export interface NoticesState {
  status: 'idle' | 'loading' | 'loaded' | 'failed';
  /** Newest first, the pages loaded so far. */
  notices: Notice[];
  /** The last page loaded. */
  page: number;
  /** Whether an older page is there to load. */
  hasMore: boolean;
  loadingMore: boolean;
  /** The failure of the last load or older page, as the SDK threw it; null when there was none. */
  error: unknown;
}

/** The two notice calls of `accounts/messages/`. */
export type NoticesSource = Pick<AccountResource, 'listMessages' | 'markMessageRead'>;

export interface NoticesStore extends ReadableStore<NoticesState> {
  /**
   * Loads the newest page, replacing a load under way. Never throws: answers the page's notices, or null when it
   * failed (the failure is in the state) or was replaced or cancelled (nothing changes).
   */
  load(): Promise<Notice[] | null>;
  /** Drops the load under way (the screen that asked for it went). */
  cancel(): void;
  /** Adds the next older page, leaving out notices already shown; a failure is kept in the state. */
  loadMore(): Promise<void>;
  /** Marks one notice read on the server; the list shows it read once the server agreed. Rejects as the call did. */
  markRead(id: number): Promise<void>;
}

/** The notices, for everyone or the signed-in member (`accounts/messages/`), a page at a time. */
export function createNoticesStore(source: NoticesSource): NoticesStore {
  const store = createStore<NoticesState>({
    status: 'idle',
    notices: [],
    page: 0,
    hasMore: false,
    loadingMore: false,
    error: null,
  });
  let running: AbortController | null = null;

  function cancel() {
    running?.abort();
    running = null;
  }

  async function load(): Promise<Notice[] | null> {
    cancel();
    const visit = new AbortController();
    running = visit;
    store.setState({ status: 'loading', error: null });
    try {
      const first = await source.listMessages({}, { signal: visit.signal });
      if (visit.signal.aborted) return null;
      store.setState({ status: 'loaded', notices: first.results, page: 1, hasMore: first.next !== null });
      return first.results;
    } catch (error) {
      if (!visit.signal.aborted) store.setState({ status: 'failed', error });
      return null;
    } finally {
      if (running === visit) running = null;
    }
  }

  async function loadMore(): Promise<void> {
    const page = store.getState().page + 1;
    store.setState({ loadingMore: true, error: null });
    try {
      const older = await source.listMessages({ page });
      store.setState(({ notices }) => ({
        notices: [...notices, ...older.results.filter((notice) => !notices.some((s) => s.id === notice.id))],
        page,
        hasMore: older.next !== null,
      }));
    } catch (error) {
      store.setState({ error });
    } finally {
      store.setState({ loadingMore: false });
    }
  }

  async function markRead(id: number): Promise<void> {
    await source.markMessageRead(id);
    store.setState(({ notices }) => ({
      notices: notices.map((notice) => (notice.id === id ? { ...notice, read: true } : notice)),
    }));
  }

  return {
    ...readSide(store),
    load,
    cancel,
    loadMore,
    markRead,
  };
}
