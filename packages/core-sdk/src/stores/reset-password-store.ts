import type { AuthResource } from '../resources/auth';
import {
  hasProblems,
  isEmailAddress,
  MIN_PASSWORD_LENGTH,
  RESEND_CODE_AFTER_SECONDS,
  type InputProblems,
} from './auth-input';
import { codeStep, codeStepStart, type CodeStepActions, type CodeStepState } from './code-step';
import { createCountdown, type CountdownPorts } from './countdown';
import { createStore, type ReadableStore } from './store';
import { codeProblems } from './verification-store';
import { readSide } from './read-side';

/** The account being reset: its phone number (E.164) or its e-mail address. */
export type ResetAccount = { method: 'phone'; phoneNumber: string } | { method: 'email'; email: string };

/** What the first step sends: a phone number in E.164 (null when the typed one is no US number), or e-mail. */
export type ResetCodeRequest =
  { method: 'phone'; phoneNumber: string | null } | { method: 'email'; email: string };

/**
 * The first step (`account` null: `sending`, `problems`, `failure` are its own), then the code step for the
 * account the code went to; `passwordChanged` once the new password is set, and whether it signed the person in.
 */
export interface ResetPasswordState extends CodeStepState {
  account: ResetAccount | null;
  sending: boolean;
  passwordChanged: 'signed-in' | 'not-signed-in' | null;
}

export type ResetCodeOutcome = 'sent' | 'invalid' | 'failed';
export type NewPasswordOutcome = 'signed-in' | 'not-signed-in' | 'invalid' | 'failed';

export interface ResetPasswordStore extends ReadableStore<ResetPasswordState>, CodeStepActions {
  requestCode(request: ResetCodeRequest): Promise<ResetCodeOutcome>;
  /** Sets the new password with the code, then signs in with it; if that fails, the person signs in themselves. */
  setNewPassword(password: string): Promise<NewPasswordOutcome>;
  /** Sends the code again to the same account. */
  resend(): Promise<boolean>;
  /** Forgets the problems and the failure (another way to reset was picked). */
  clearErrors(): void;
}

type ResetCalls = Pick<
  AuthResource,
  | 'resetPasswordPhone'
  | 'resetPasswordEmail'
  | 'confirmResetPasswordPhone'
  | 'confirmResetPasswordEmail'
  | 'login'
  | 'loginEmail'
>;

function requestProblems(request: ResetCodeRequest): InputProblems {
  if (request.method === 'phone') return request.phoneNumber ? {} : { phone_number: 'invalid_phone' };
  return isEmailAddress(request.email) ? {} : { email: 'invalid_email' };
}

/**
 * Password reset: a phone number gets a PIN by SMS, an e-mail address a code by e-mail; with the code comes a new
 * password, and the person is signed in with it.
 */
export function createResetPasswordStore(
  client: { auth: ResetCalls },
  timing: CountdownPorts = {},
): ResetPasswordStore {
  const store = createStore<ResetPasswordState>({
    ...codeStepStart(0),
    account: null,
    sending: false,
    passwordChanged: null,
  });
  const countdown = createCountdown(0, timing);
  const step = codeStep(store, countdown);
  const { auth } = client;

  const sendCode = (account: ResetAccount) =>
    account.method === 'phone'
      ? auth.resetPasswordPhone({ phone_number: account.phoneNumber })
      : auth.resetPasswordEmail({ email: account.email });

  async function requestCode(request: ResetCodeRequest): Promise<ResetCodeOutcome> {
    const problems = requestProblems(request);
    if (hasProblems(problems)) {
      store.setState({ problems, failure: null });
      return 'invalid';
    }
    // Nothing is wrong with the request (`requestProblems`): a phone reset has its number.
    const account: ResetAccount =
      request.method === 'phone'
        ? { method: 'phone', phoneNumber: request.phoneNumber as string }
        : { method: 'email', email: request.email.trim() };
    store.setState({ problems: {}, failure: null, sending: true });
    try {
      await sendCode(account);
    } catch (error) {
      store.setState({ failure: { during: 'submit', error } });
      return 'failed';
    } finally {
      store.setState({ sending: false });
    }
    countdown.restart(RESEND_CODE_AFTER_SECONDS);
    store.setState({ ...codeStepStart(store.getState().secondsLeft), account });
    return 'sent';
  }

  async function confirm(account: ResetAccount, code: string, password: string) {
    if (account.method === 'phone') {
      await auth.confirmResetPasswordPhone({
        phone_number: account.phoneNumber,
        code,
        new_password: password,
      });
    } else {
      await auth.confirmResetPasswordEmail({ email: account.email, code, new_password: password });
    }
  }

  async function signIn(account: ResetAccount, password: string): Promise<boolean> {
    try {
      if (account.method === 'phone') await auth.login({ phone_number: account.phoneNumber, password });
      else await auth.loginEmail({ email: account.email, password });
      return true;
    } catch {
      return false;
    }
  }

  async function setNewPassword(password: string): Promise<NewPasswordOutcome> {
    const { account, code } = store.getState();
    if (!account) return 'invalid';
    const problems: InputProblems = {
      ...codeProblems(code),
      ...(password.length < MIN_PASSWORD_LENGTH ? { new_password: 'password_too_short' as const } : {}),
    };
    const outcome = await step.submit(problems, async () => {
      await confirm(account, code, password);
      return signIn(account, password);
    });
    if (outcome.kind !== 'done') return outcome.kind;
    const passwordChanged = outcome.value ? 'signed-in' : 'not-signed-in';
    store.setState({ passwordChanged });
    return passwordChanged;
  }

  return {
    ...readSide(store),
    ...step.actions,
    requestCode,
    setNewPassword,
    clearErrors: () => store.setState({ problems: {}, failure: null }),
    resend() {
      const { account } = store.getState();
      return account ? step.resend(() => sendCode(account)) : Promise.resolve(false);
    },
  };
}
