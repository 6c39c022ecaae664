import type { AuthResource } from '../resources/auth';
import type { Session } from '../session/session';
import { createStore, type ReadableStore } from './store';
import { idleSubmission, submitIn, type SubmissionState } from './form-submission';
import { readSide } from './read-side';

/** What the first step proves the owner with: the current password, or the code of `confirmUser`. */
export type PhoneChangeProof = { password: string } | { code: string };

export interface PhoneChangeState extends SubmissionState {
  /** The new number a PIN was texted to, as the server wrote it; null on the first step. */
  newNumber: string | null;
}

export interface PhoneChangeSource {
  auth: Pick<AuthResource, 'updatePhoneNumber' | 'verifyPin' | 'generatePin'>;
  session: Pick<Session, 'setUser'>;
}

export interface PhoneChangeStore extends ReadableStore<PhoneChangeState> {
  /** Step 1: texts a PIN to the new number (E.164); then the flow waits for that PIN. */
  requestPin(phoneNumber: string, proof: PhoneChangeProof): Promise<void>;
  /** Step 2: the PIN texted to the new number. */
  verify(pin: string): Promise<void>;
  /** Texts a new PIN to the new number. */
  resendPin(): Promise<void>;
}

/**
 * Changing (or adding) the phone number: the current password, or a confirmation code, then the PIN texted to the
 * new number (docs/decisions.md#sign-in-and-account-security).
 */
export function createPhoneChangeStore({ auth, session }: PhoneChangeSource): PhoneChangeStore {
  const store = createStore<PhoneChangeState>({ ...idleSubmission, newNumber: null });

  function newNumberOrThrow(): string {
    const { newNumber } = store.getState();
    if (newNumber === null) throw new Error('No PIN was texted to a new number yet');
    return newNumber;
  }

  return {
    ...readSide(store),
    async requestPin(phoneNumber, proof) {
      await submitIn(
        store,
        () => auth.updatePhoneNumber({ phone_number: phoneNumber, ...proof }),
        (sent) => ({ status: 'idle', newNumber: sent.phone_number }),
      );
    },
    async verify(pin) {
      const phoneNumber = newNumberOrThrow();
      await submitIn(store, async () => {
        const answer = await auth.verifyPin({ phone_number: phoneNumber, code: pin });
        // A phone change answers `{user}` and no tokens: the same session goes on with the new number.
        if ('user' in answer && answer.user) session.setUser(answer.user);
      });
    },
    async resendPin() {
      await auth.generatePin({ phone_number: newNumberOrThrow() });
    },
  };
}
