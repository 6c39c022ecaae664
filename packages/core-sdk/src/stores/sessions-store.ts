import type { AuthResource } from '../resources/auth';
import type { Session } from '../session/session';
import { createStore, type ReadableStore } from './store';
import { readSide } from './read-side';

export interface SessionsState {
  /** Which ending is under way: this device's, or every device's; null when none. */
  ending: 'here' | 'everywhere' | null;
  /** Why signing out everywhere failed, as the SDK threw it; null while it has not. */
  error: unknown;
}

export interface SessionsSource {
  session: Pick<Session, 'logout'>;
  auth: Pick<AuthResource, 'logoutAll'>;
}

export interface SessionsStore extends ReadableStore<SessionsState> {
  /** Logs out here: the stored phone number and e-mail go with the token. Never fails. */
  logOut(): Promise<void>;
  /** Ends every session on every device, this one too; rejects as the call did, the failure kept in the state. */
  logOutEverywhere(): Promise<void>;
}

/** Ending the sessions: this device's, or all of them at once. */
export function createSessionsStore({ session, auth }: SessionsSource): SessionsStore {
  const store = createStore<SessionsState>({ ending: null, error: null });
  return {
    ...readSide(store),
    async logOut() {
      store.setState({ ending: 'here' });
      await session.logout();
    },
    async logOutEverywhere() {
      store.setState({ ending: 'everywhere', error: null });
      try {
        await auth.logoutAll();
      } catch (error) {
        store.setState({ ending: null, error });
        throw error;
      }
    },
  };
}
