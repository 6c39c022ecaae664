import type { ResponseOf } from '../http/operation';
import type { AccountResource } from '../resources/account';
import { createStore, type ReadableStore } from './store';
import { readSide } from './read-side';

export type AccountExport = ResponseOf<'exportUser'>;

export interface AccountDataState {
  status: 'idle' | 'exporting' | 'exported' | 'failed';
  /** The last export's failure, as the SDK threw it; null while none. */
  error: unknown;
}

export interface AccountDataStore extends ReadableStore<AccountDataState> {
  /** Everything kept about the person, for the app to save as a file; null when it failed (see the state). */
  exportData(): Promise<AccountExport | null>;
}

/** "Export my data": everything the server keeps about the person as one JSON document. */
export function createAccountDataStore(source: Pick<AccountResource, 'exportUser'>): AccountDataStore {
  const store = createStore<AccountDataState>({ status: 'idle', error: null });
  return {
    ...readSide(store),
    async exportData() {
      store.setState({ status: 'exporting', error: null });
      try {
        const data = await source.exportUser();
        store.setState({ status: 'exported' });
        return data;
      } catch (error) {
        store.setState({ status: 'failed', error });
        return null;
      }
    },
  };
}
