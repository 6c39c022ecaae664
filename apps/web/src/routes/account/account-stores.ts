import {
  createAccountDataStore,
  createAccountDeletionStore,
  createEmailChangeStore,
  createPasswordStore,
  createPhoneChangeStore,
  createProfileNamesStore,
  createSessionsStore,
  createSmsStatusStore,
  type AuthUser,
} from '@wingmate/core-sdk';
import { useScreenStore } from '../../stores/screen-store';

export const useProfileNamesStore = (user: AuthUser) =>
  useScreenStore((client) => createProfileNamesStore(client.account, user));
export const usePasswordStore = () => useScreenStore((client) => createPasswordStore(client.auth));
export const useEmailChangeStore = () => useScreenStore((client) => createEmailChangeStore(client.account));
export const usePhoneChangeStore = () => useScreenStore((client) => createPhoneChangeStore(client));
export const useAccountDataStore = () => useScreenStore((client) => createAccountDataStore(client.account));
export const useAccountDeletionStore = () =>
  useScreenStore((client) => createAccountDeletionStore(client.account));
export const useSessionsStore = () => useScreenStore((client) => createSessionsStore(client));
export const useSmsStatusStore = () => useScreenStore((client) => createSmsStatusStore(client.account));
