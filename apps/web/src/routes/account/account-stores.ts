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
import { useScreenStore as useServicesStore } from '../../stores/screen-store';

/** A store of the account screen, made on the page's client. */
const useScreenStore = <T>(create: (client: WingmateClient) => T): T =>
  useServicesStore(({ client }) => create(client));

export const useProfileNamesStore = (user: AuthUser) =>
  useScreenStore((client) => createProfileNamesStore(client.account, user));
export const usePasswordStore = () => useScreenStore((client) => createPasswordStore(client.auth));
export const useEmailChangeStore = () => useScreenStore((client) => createEmailChangeStore(client.account));
export const usePhoneChangeStore = () => useScreenStore(createPhoneChangeStore);
export const useAccountDataStore = () => useScreenStore((client) => createAccountDataStore(client.account));
export const useAccountDeletionStore = () =>
  useScreenStore((client) => createAccountDeletionStore(client.account));
export const useSessionsStore = () => useScreenStore(createSessionsStore);
