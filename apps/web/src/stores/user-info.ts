import { useEffect } from 'react';
import { useStore } from 'zustand';
import type { UserInfoState } from '@wingmate/core-sdk';
import { useServices } from './services';

// The frame's stores and the screen tests' services make the store through this module, beside its binding.
export { createUserInfoStore, type UserInfo, type UserInfoState } from '@wingmate/core-sdk';

/** The user info, loaded on first use. */
export function useUserInfo(): UserInfoState {
  const store = useServices().userInfo;
  const state = useStore(store);
  useEffect(() => {
    if (store.getState().status === 'idle') void store.getState().refresh();
  }, [store]);
  return state;
}
