import type { BodyOf } from '../http/operation';
import type { AuthResource } from '../resources/auth';
import { createStore, type ReadableStore } from './store';
import { idleSubmission, submitIn, type SubmissionState } from './form-submission';
import { readSide } from './read-side';

export type PasswordSource = Pick<AuthResource, 'changePassword' | 'setPassword'>;

export interface PasswordStore extends ReadableStore<SubmissionState> {
  /** The current password, then the new one; the other devices are signed out. */
  change(body: BodyOf<'changePassword'>): Promise<void>;
  /** A first password for an account without one, with the code `confirmUser({purpose: 'set_password'})` sent. */
  set(body: BodyOf<'setPassword'>): Promise<void>;
}

/**
 * Changing the password, or setting one for an account without: a bearer token alone sets no password
 * (docs/decisions.md#sign-in-and-account-security).
 */
export function createPasswordStore(source: PasswordSource): PasswordStore {
  const store = createStore<SubmissionState>(idleSubmission);
  return {
    ...readSide(store),
    async change(body) {
      await submitIn(store, () => source.changePassword(body));
    },
    async set(body) {
      await submitIn(store, () => source.setPassword(body));
    },
  };
}
