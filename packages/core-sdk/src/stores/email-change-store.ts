import type { AccountResource } from '../resources/account';
import { createStore, type ReadableStore } from './store';
import { idleSubmission, submitIn, type SubmissionState } from './form-submission';
import { readSide } from './read-side';

/** What the first step proved the owner with; a password may prove a resend too, a spent code may not. */
export type EmailChangeProof = { password: string } | { code: string };

export interface EmailChangeState extends SubmissionState {
  /** The new address a code was mailed to, and the proof that asked for it; null on the first step. */
  sent: { email: string; proof: EmailChangeProof } | null;
}

export interface EmailChangeStore extends ReadableStore<EmailChangeState> {
  /** Step 1: mails a code to the new address; then the flow waits for that code. */
  requestCode(email: string, proof: EmailChangeProof): Promise<void>;
  /** Step 2: the code mailed to the new address; the session keeps the answered user. */
  confirm(code: string): Promise<void>;
  /** Whether a new code may be asked for with the first step's proof (a password; a confirmation code is spent). */
  canResend(): boolean;
  /** Mails a new code to the same address with the same password. */
  resend(): Promise<void>;
  /** Back to step 1 (an account without a password gets a new confirmation code there). */
  startOver(): void;
}

/**
 * Changing (or adding) the e-mail address (docs/decisions.md#calls): the current password, or a confirmation
 * code, then a code sent to the new address, which counts once it is entered.
 */
export function createEmailChangeStore(
  source: Pick<AccountResource, 'requestEmailChange' | 'confirmEmailChange'>,
): EmailChangeStore {
  const store = createStore<EmailChangeState>({ ...idleSubmission, sent: null });

  function sentOrThrow() {
    const { sent } = store.getState();
    if (!sent) throw new Error('No code was mailed to a new address yet');
    return sent;
  }

  return {
    ...readSide(store),
    async requestCode(email, proof) {
      await submitIn(
        store,
        () => source.requestEmailChange({ email, ...proof }),
        () => ({ status: 'idle', sent: { email, proof } }),
      );
    },
    async confirm(code) {
      const { email } = sentOrThrow();
      await submitIn(store, () => source.confirmEmailChange({ email, code }));
    },
    canResend() {
      const { sent } = store.getState();
      return sent !== null && 'password' in sent.proof;
    },
    async resend() {
      const { email, proof } = sentOrThrow();
      await source.requestEmailChange({ email, ...proof });
    },
    startOver: () => store.setState({ ...idleSubmission, sent: null }),
  };
}
