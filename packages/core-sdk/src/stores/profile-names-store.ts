import type { AccountResource } from '../resources/account';
import { createStore, type ReadableStore } from './store';
import { readSide } from './read-side';

export interface ProfileNamesState {
  /** The names as typed. */
  firstName: string;
  lastName: string;
  status: 'idle' | 'saving' | 'saved' | 'failed';
  /** The last save's failure, as the SDK threw it; null while none. */
  error: unknown;
}

export interface ProfileNamesStore extends ReadableStore<ProfileNamesState> {
  setFirstName(firstName: string): void;
  setLastName(lastName: string): void;
  /** Saves the names trimmed; the typed names become the saved ones. Answers whether they were saved. */
  save(): Promise<boolean>;
}

/** First and last name (`accounts/user/update/`); the session's user follows the saved names. */
export function createProfileNamesStore(
  source: Pick<AccountResource, 'updateUser'>,
  names: { first_name: string; last_name: string },
): ProfileNamesStore {
  const store = createStore<ProfileNamesState>({
    firstName: names.first_name,
    lastName: names.last_name,
    status: 'idle',
    error: null,
  });
  return {
    ...readSide(store),
    setFirstName: (firstName) => store.setState({ firstName }),
    setLastName: (lastName) => store.setState({ lastName }),
    async save() {
      const { firstName, lastName } = store.getState();
      store.setState({ status: 'saving', error: null });
      try {
        const saved = await source.updateUser({ first_name: firstName.trim(), last_name: lastName.trim() });
        store.setState({ firstName: saved.first_name, lastName: saved.last_name, status: 'saved' });
        return true;
      } catch (error) {
        store.setState({ status: 'failed', error });
        return false;
      }
    },
  };
}
