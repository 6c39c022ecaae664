import {
  createAccountDataStore,
  createAccountDeletionStore,
  createEmailChangeStore,
  createPasswordStore,
  createPhoneChangeStore,
  createProfileNamesStore,
  createSessionsStore,
  type AuthUser,
  type WingmateClient,
} from '@wingmate/core-sdk';
import { useState } from 'react';
import { useClient } from '../../stores/services';

/** A store made once, on the app's client, for as long as the screen that asked for it is shown. */
function useScreenStore<T>(create: (client: WingmateClient) => T): T {
  const client = useClient();
  const [store] = useState(() => create(client));
  return store;
}

export const useProfileNamesStore = (user: AuthUser) =>
  useScreenStore((client) => createProfileNamesStore(client.account, user));
export const usePasswordStore = () => useScreenStore((client) => createPasswordStore(client.auth));
export const useEmailChangeStore = () => useScreenStore((client) => createEmailChangeStore(client.account));
export const usePhoneChangeStore = () => useScreenStore(createPhoneChangeStore);
export const useAccountDataStore = () => useScreenStore((client) => createAccountDataStore(client.account));
export const useAccountDeletionStore = () =>
  useScreenStore((client) => createAccountDeletionStore(client.account));
export const useSessionsStore = () => useScreenStore(createSessionsStore);
