import type { AuthResource } from '../resources/auth';
import {
  invalidInput,
  isEmailAddress,
  NO_FORM_ERRORS,
  sendForm,
  type AuthFormState,
  type InputProblems,
} from './auth-input';
import { createStore, type ReadableStore } from './store';
import { readSide } from './read-side';

/**
 * What a sign-in form sends: a phone number in E.164 (null when the typed one is no US number) with its password,
 * or with none to get a PIN; or an e-mail address with its password.
 */
export type LogInInput =
  | { method: 'phone'; phoneNumber: string | null; byPassword: boolean; password: string }
  | { method: 'email'; email: string; password: string };

export type LogInOutcome =
  | { kind: 'invalid'; problems: InputProblems }
  | { kind: 'signed-in' }
  /** A PIN went to this number (the server's form of it): it is entered next. */
  | { kind: 'pin-sent'; phoneNumber: string }
  | { kind: 'failed'; error: unknown };

export interface LogInStore extends ReadableStore<AuthFormState> {
  submit(input: LogInInput): Promise<LogInOutcome>;
  /** Forgets the problems and the failure (another way to sign in was picked). */
  clearErrors(): void;
}

type CheckedLogInInput =
  | Extract<LogInInput, { method: 'email' }>
  | (Extract<LogInInput, { method: 'phone' }> & { phoneNumber: string });

function problemsOf(input: LogInInput): InputProblems {
  const found: InputProblems = {};
  if (input.method === 'phone' && !input.phoneNumber) found['phone_number'] = 'invalid_phone';
  if (input.method === 'email' && !isEmailAddress(input.email)) found['email'] = 'invalid_email';
  const withPassword = input.method === 'email' || input.byPassword;
  if (withPassword && !input.password) found['password'] = 'password_required';
  return found;
}

/**
 * Sign-in: a phone number gets a PIN (phone accounts always sign in by PIN, and by password once they set one),
 * an e-mail signs in with its password. A sign-in keeps its tokens in the client's session.
 */
export function createLogInStore(client: {
  auth: Pick<AuthResource, 'loginEmail' | 'login' | 'registerPhone'>;
}): LogInStore {
  const store = createStore<AuthFormState>({ sending: false, ...NO_FORM_ERRORS });

  async function send(input: CheckedLogInInput): Promise<LogInOutcome> {
    if (input.method === 'email') {
      await client.auth.loginEmail({ email: input.email.trim(), password: input.password });
      return { kind: 'signed-in' };
    }
    if (input.byPassword) {
      await client.auth.login({ phone_number: input.phoneNumber, password: input.password });
      return { kind: 'signed-in' };
    }
    const sent = await client.auth.registerPhone({ phone_number: input.phoneNumber });
    return { kind: 'pin-sent', phoneNumber: sent.phone_number };
  }

  return {
    ...readSide(store),
    clearErrors: () => store.setState(NO_FORM_ERRORS),
    async submit(input) {
      const invalid = invalidInput(store, problemsOf(input));
      if (invalid) return invalid;
      // Nothing is wrong with the input (`problemsOf`): a phone sign-in has its number.
      return sendForm(store, () => send(input as CheckedLogInInput));
    },
  };
}
