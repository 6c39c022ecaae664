import type { AuthResource } from '../resources/auth';
import {
  invalidInput,
  isEmailAddress,
  MIN_PASSWORD_LENGTH,
  NO_FORM_ERRORS,
  sendForm,
  type AuthFormState,
  type InputProblems,
} from './auth-input';
import { createStore, type ReadableStore } from './store';
import { readSide } from './read-side';

/** What a sign-up form sends: a phone number in E.164 (null when the typed one is no US number), or e-mail. */
export type SignUpInput = { termsAccepted: boolean } & (
  { method: 'phone'; phoneNumber: string | null } | { method: 'email'; email: string; password: string }
);

/** A sign-up input with nothing wrong: a phone sign-up has its number. */
type CheckedSignUpInput =
  Exclude<SignUpInput, { method: 'phone' }> | { method: 'phone'; phoneNumber: string };

export type SignUpOutcome =
  | { kind: 'invalid'; problems: InputProblems }
  /**
   * The person has not said they are 18 or older and accept the terms (docs/product.md#accounts-and-signing-in).
   */
  | { kind: 'terms-required' }
  /** A PIN went to this number (the server's form of it): it is entered next. */
  | { kind: 'pin-sent'; phoneNumber: string }
  /** Signed up and in; a code went to this address, entered next. */
  | { kind: 'email-registered'; email: string }
  | { kind: 'failed'; error: unknown };

export interface SignUpStore extends ReadableStore<AuthFormState> {
  submit(input: SignUpInput): Promise<SignUpOutcome>;
  /** Forgets the problems and the failure (another way to sign up was picked). */
  clearErrors(): void;
}

/**
 * What the sign-up calls add: the person ticked the box (the API stores when,
 * docs/product.md#accounts-and-signing-in).
 */
export function withTermsAccepted<B extends object>(body: B): B & { terms_accepted: true } {
  return { ...body, terms_accepted: true };
}

function problemsOf(input: SignUpInput): InputProblems {
  const found: InputProblems = {};
  if (input.method === 'phone' && !input.phoneNumber) found['phone_number'] = 'invalid_phone';
  if (input.method === 'email' && !isEmailAddress(input.email)) found['email'] = 'invalid_email';
  if (input.method === 'email' && input.password.length < MIN_PASSWORD_LENGTH)
    found['password'] = 'password_too_short';
  return found;
}

/**
 * Sign-up by phone (a PIN follows) or by e-mail and password (a code follows), each only once the person accepted
 * the terms, and saying so to the API (`terms_accepted: true`).
 */
export function createSignUpStore(client: {
  auth: Pick<AuthResource, 'registerPhone' | 'registerEmail'>;
}): SignUpStore {
  const store = createStore<AuthFormState>({ sending: false, ...NO_FORM_ERRORS });

  async function send(input: CheckedSignUpInput): Promise<SignUpOutcome> {
    if (input.method === 'phone') {
      const sent = await client.auth.registerPhone(withTermsAccepted({ phone_number: input.phoneNumber }));
      return { kind: 'pin-sent', phoneNumber: sent.phone_number };
    }
    const email = input.email.trim();
    await client.auth.registerEmail(withTermsAccepted({ email, password: input.password }));
    return { kind: 'email-registered', email };
  }

  return {
    ...readSide(store),
    clearErrors: () => store.setState(NO_FORM_ERRORS),
    async submit(input) {
      const invalid = invalidInput(store, problemsOf(input));
      if (invalid) return invalid;
      if (!input.termsAccepted) return { kind: 'terms-required' };
      // Nothing is wrong with the input (`problemsOf`): a phone sign-up has its number.
      return sendForm(store, () => send(input as CheckedSignUpInput));
    },
  };
}
