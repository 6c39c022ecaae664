import type { AuthResource } from '../resources/auth';
import { CODE_LENGTH, RESEND_CODE_AFTER_SECONDS, type InputProblems } from './auth-input';
import { codeStep, codeStepStart, type CodeStepActions, type CodeStepState } from './code-step';
import { createCountdown, type CountdownPorts } from './countdown';
import { createStore, type ReadableStore } from './store';
import { readSide } from './read-side';

export type VerificationOutcome = 'verified' | 'invalid' | 'failed';

/**
 * Entering the 6-digit code sent by SMS (a PIN, which signs in) or by e-mail at sign-up (which confirms the
 * signed-in account's address); a new code after 60 s.
 */
export interface VerificationStore extends ReadableStore<CodeStepState>, CodeStepActions {
  verifyPin(phoneNumber: string): Promise<VerificationOutcome>;
  resendPin(phoneNumber: string): Promise<boolean>;
  verifyEmail(): Promise<VerificationOutcome>;
  resendEmailCode(): Promise<boolean>;
}

export const codeProblems = (code: string): InputProblems =>
  code.length === CODE_LENGTH ? {} : { code: 'invalid_code' };

export function createVerificationStore(
  client: { auth: Pick<AuthResource, 'verifyPin' | 'generatePin' | 'verifyEmail' | 'resendEmailCode'> },
  timing: CountdownPorts = {},
): VerificationStore {
  const store = createStore<CodeStepState>(codeStepStart(RESEND_CODE_AFTER_SECONDS));
  const step = codeStep(store, createCountdown(RESEND_CODE_AFTER_SECONDS, timing));

  async function verify(call: (code: string) => Promise<unknown>): Promise<VerificationOutcome> {
    const { code } = store.getState();
    const outcome = await step.submit(codeProblems(code), () => call(code));
    return outcome.kind === 'done' ? 'verified' : outcome.kind;
  }

  return {
    ...readSide(store),
    ...step.actions,
    verifyPin: (phoneNumber) => verify((code) => client.auth.verifyPin({ phone_number: phoneNumber, code })),
    resendPin: (phoneNumber) => step.resend(() => client.auth.generatePin({ phone_number: phoneNumber })),
    verifyEmail: () => verify((code) => client.auth.verifyEmail({ code })),
    resendEmailCode: () => step.resend(() => client.auth.resendEmailCode()),
  };
}
