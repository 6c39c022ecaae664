import type { BodyOf } from '../http/operation';
import type { AccountResource } from '../resources/account';
import { createStore, type ReadableStore } from './store';
import { idleSubmission, submitIn, type SubmissionState } from './form-submission';
import { readSide } from './read-side';

export interface AccountDeletionStore extends ReadableStore<SubmissionState> {
  /** Deletes the account with the password, or the code of `confirmUser({purpose: 'delete'})`; the session ends. */
  deleteAccount(proof: BodyOf<'deleteUser'>): Promise<void>;
}

/**
 * "Delete my account": confirmed with the password, or a code for an account without one
 * (docs/decisions.md#sign-in-and-account-security).
 */
export function createAccountDeletionStore(
  source: Pick<AccountResource, 'deleteUser'>,
): AccountDeletionStore {
  const store = createStore<SubmissionState>(idleSubmission);
  return {
    ...readSide(store),
    async deleteAccount(proof) {
      await submitIn(store, () => source.deleteUser(proof));
    },
  };
}
