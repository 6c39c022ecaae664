import type { ResponseOf } from '../http/operation';
import type { AuthResource } from '../resources/auth';
import type { Session } from '../session/session';
import { createStore, type Store } from './store';

export type UserInfo = ResponseOf<'getUserInfo'>;

export interface UserInfoState {
  /** The user's info with `remaining_messages` (a visitor's free messages when signed out); null until loaded. */
  info: UserInfo | null;
  status: 'idle' | 'loading' | 'loaded' | 'failed';
  /** Reads `GET /api/v1/user/info/` again: after sign-in, a payment, a chat reply. Never throws. */
  refresh(): Promise<void>;
}

/** Where the user info comes from, and the session whose sign-in and sign-out it follows. */
export interface UserInfoSource {
  auth: Pick<AuthResource, 'getUserInfo'>;
  session: Pick<Session, 'getState' | 'subscribe'>;
}

/**
 * The app-wide user info, made once at start. It reloads itself when the session signs in or out, so the
 * remaining messages shown anywhere follow the person. `refresh` sits in the state (zustand's actions in state),
 * so whoever holds the store calls `getState().refresh()`.
 */
export function createUserInfoStore({ auth, session }: UserInfoSource): Store<UserInfoState> {
  let latest = 0;
  const store = createStore<UserInfoState>({
    info: null,
    status: 'idle',
    async refresh() {
      const request = ++latest;
      store.setState((state) => ({ status: state.info ? state.status : 'loading' }));
      try {
        const info = await auth.getUserInfo();
        // An older answer never overwrites a newer one (a sign-in while a load was under way).
        if (request === latest) store.setState({ info, status: 'loaded' });
      } catch {
        if (request === latest) store.setState({ status: 'failed' });
      }
    },
  });
  let wasLoggedIn = session.getState().isLoggedIn;
  session.subscribe((state) => {
    if (state.isLoggedIn === wasLoggedIn) return;
    wasLoggedIn = state.isLoggedIn;
    store.setState({ info: null, status: 'idle' });
    void store.getState().refresh();
  });
  return store;
}
