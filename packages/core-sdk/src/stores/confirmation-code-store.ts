import type { BodyOf, ResponseOf } from '../http/operation';
import type { AccountResource } from '../resources/account';
import { createStore, type ReadableStore } from './store';
import { readSide } from './read-side';

export type ConfirmationPurpose = BodyOf<'confirmUser'>['purpose'];

export interface ConfirmationCodeState {
  /** Where the last code went (`channel` sms or email, `sent_to`); null until one was sent. */
  sent: ResponseOf<'confirmUser'> | null;
}

export interface ConfirmationCodeStore extends ReadableStore<ConfirmationCodeState> {
  /** Asks for a code (again); rejects with the API's error. */
  send(): Promise<void>;
}

/**
 * The code for a sensitive change of an account without a password: `accounts/user/confirm/ {purpose}` sends a
 * PIN to the current phone, or a code to the verified e-mail; it never signs in
 * (docs/decisions.md#sign-in-and-account-security).
 */
export function createConfirmationCodeStore(
  source: Pick<AccountResource, 'confirmUser'>,
  purpose: ConfirmationPurpose,
): ConfirmationCodeStore {
  const store = createStore<ConfirmationCodeState>({ sent: null });
  return {
    ...readSide(store),
    async send() {
      store.setState({ sent: await source.confirmUser({ purpose }) });
    },
  };
}
