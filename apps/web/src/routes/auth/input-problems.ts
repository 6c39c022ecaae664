import type { CallFailure, CodeStepState, InputProblem, InputProblems } from '@wingmate/core-sdk';
import { formErrorsOf, NO_ERRORS, type FormErrors } from './form-errors';
import {
  INVALID_CODE,
  INVALID_EMAIL,
  INVALID_PHONE,
  PASSWORD_REQUIRED,
  PASSWORD_TOO_SHORT,
} from './messages';

const words: Record<InputProblem, string> = {
  invalid_phone: INVALID_PHONE,
  invalid_email: INVALID_EMAIL,
  password_required: PASSWORD_REQUIRED,
  password_too_short: PASSWORD_TOO_SHORT,
  invalid_code: INVALID_CODE,
};

/** The first field with a problem, to take the focus. */
export const firstWrongField = (problems: InputProblems): string | undefined => Object.keys(problems)[0];

/**
 * What a form shows from its store: the problems found before sending, in words next to their fields, else the
 * failed call read by `formErrorsOf` (its `formFields` and `errorField`), else nothing.
 */
export function formErrorsFrom(
  { problems, failure }: { problems: InputProblems; failure: CallFailure | null },
  formFields: readonly string[],
  errorField?: string,
): FormErrors {
  const fields = Object.fromEntries(
    Object.entries(problems).flatMap(([name, problem]) => (problem ? [[name, words[problem]]] : [])),
  );
  if (Object.keys(fields).length > 0) return { fields, form: null };
  return failure ? formErrorsOf(failure.error, formFields, errorField) : NO_ERRORS;
}

/**
 * What a code step shows: its own call's failure read with its fields (the PIN calls' `{"error": "..."}` next to
 * the code), a failed resend as one sentence for the form.
 */
export function codeStepErrors(step: CodeStepState, formFields: readonly string[] = ['code']): FormErrors {
  return step.failure?.during === 'resend'
    ? formErrorsFrom(step, [])
    : formErrorsFrom(step, formFields, 'code');
}
