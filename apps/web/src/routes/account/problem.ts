import { fieldWordsOf, wordsFor } from '@wingmate/core-sdk';

/** What went wrong with a form's call, in words a person can act on: one message, and one per field. */
export interface FormProblem {
  message: string;
  /** Field errors of the API (`{"new_password": ["Too short."]}`), first message per field. */
  fields: Record<string, string>;
}

/** Reads any failure of an SDK call for a form, in core-sdk's words (docs/product.md#words-for-failures). */
export function readProblem(error: unknown): FormProblem {
  return { message: wordsFor(error, 'account'), fields: fieldWordsOf(error) };
}

/** The message of a failure, for a section without fields (a list that did not load). */
export function problemMessage(error: unknown): string {
  return wordsFor(error, 'account');
}

/**
 * The form-level message: shown when none of the form's own fields carries the error (a field error is already
 * read next to its field).
 */
export function formMessage(problem: FormProblem | null, shownFields: readonly string[]): string | null {
  if (!problem) return null;
  return shownFields.some((name) => problem.fields[name]) ? null : problem.message;
}
