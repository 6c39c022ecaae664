import { useEffect } from 'react';
import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ResponseOf, WingmateClient } from '@wingmate/core-sdk';
import { useServices } from './services';

export type UserInfo = ResponseOf<'getUserInfo'>;

export interface UserInfoState {
  /** The user's info with `remaining_messages` (a visitor's free messages when signed out); null until loaded. */
  info: UserInfo | null;
  status: 'idle' | 'loading' | 'loaded' | 'failed';
  /** Reads `GET /api/v1/user/info/` again: after sign-in, a payment, a chat reply. Never throws. */
  refresh(): Promise<void>;
}

/**
 * The user-info store of the frame (screens.md: made once at start). It reloads itself when the session signs in
 * or out, so the remaining messages shown anywhere follow the person.
 */
export function createUserInfoStore(client: WingmateClient): StoreApi<UserInfoState> {
  let latest = 0;
  const store = createStore<UserInfoState>((set) => ({
    info: null,
    status: 'idle',
    async refresh() {
      const request = ++latest;
      set((state) => ({ status: state.info ? state.status : 'loading' }));
      try {
        const info = await client.auth.getUserInfo();
        // An older answer never overwrites a newer one (a sign-in while a load was under way).
        if (request === latest) set({ info, status: 'loaded' });
      } catch {
        if (request === latest) set({ status: 'failed' });
      }
    },
  }));
  let wasLoggedIn = client.session.getState().isLoggedIn;
  client.session.subscribe((session) => {
    if (session.isLoggedIn === wasLoggedIn) return;
    wasLoggedIn = session.isLoggedIn;
    store.setState({ info: null, status: 'idle' });
    void store.getState().refresh();
  });
  return store;
}

/** The user info, loaded on first use. */
export function useUserInfo(): UserInfoState {
  const store = useServices().userInfo;
  const state = useStore(store);
  useEffect(() => {
    if (store.getState().status === 'idle') void store.getState().refresh();
  }, [store]);
  return state;
}
