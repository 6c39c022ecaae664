import { EMAIL_PATTERN } from '../resources/auth';
import type { Store } from './store';

/** The codes sent by SMS and e-mail have six digits. */
export const CODE_LENGTH = 6;

/** The API refuses shorter new passwords; the screens say so before sending. */
export const MIN_PASSWORD_LENGTH = 8;

/** A new code may be asked for once a minute (the API sends PINs and e-mail codes 1 a minute). */
export const RESEND_CODE_AFTER_SECONDS = 60;

/** What is wrong with a typed value, found before anything is sent; the screens say it in their words. */
export type InputProblem =
  'invalid_phone' | 'invalid_email' | 'password_required' | 'password_too_short' | 'invalid_code';

/** Problems by the API's field name (`phone_number`, `email`, `code`, `new_password`...), in form order. */
export type InputProblems = Partial<Record<string, InputProblem>>;

/** How a call of a form failed: whatever it threw, an `ApiError` as a rule, read by the screen. */
export interface CallFailure {
  error: unknown;
}

export const isEmailAddress = (typed: string) => EMAIL_PATTERN.test(typed.trim());

export const hasProblems = (problems: InputProblems) => Object.keys(problems).length > 0;

/** The state of a sign-in form: its call under way, and what went wrong before or with the last one. */
export interface AuthFormState {
  sending: boolean;
  problems: InputProblems;
  failure: CallFailure | null;
}

export const NO_FORM_ERRORS: Pick<AuthFormState, 'problems' | 'failure'> = { problems: {}, failure: null };

/** The input's problems kept in the state and answered as `invalid`; null when it has none. */
export function invalidInput(
  store: Store<AuthFormState>,
  problems: InputProblems,
): { kind: 'invalid'; problems: InputProblems } | null {
  if (!hasProblems(problems)) return null;
  store.setState({ problems, failure: null });
  return { kind: 'invalid', problems };
}

/** A form's checked input sent: `sending` meanwhile, a failure kept in the state and answered as `failed`. */
export async function sendForm<O>(
  store: Store<AuthFormState>,
  send: () => Promise<O>,
): Promise<O | { kind: 'failed'; error: unknown }> {
  store.setState({ ...NO_FORM_ERRORS, sending: true });
  try {
    return await send();
  } catch (error) {
    store.setState({ failure: { error } });
    return { kind: 'failed', error };
  } finally {
    store.setState({ sending: false });
  }
}
