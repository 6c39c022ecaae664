import { fieldWordsOf, tooManyTriesWords, wordsFor } from '@wingmate/core-sdk';

/** What went wrong with a form's call: messages per field, and one for the form (read near its button). */
export interface FormErrors {
  fields: Record<string, string>;
  form: string | null;
}

export const NO_ERRORS: FormErrors = { fields: {}, form: null };

/** "Try again in 2 minutes" from a throttled answer's wait (`Expected available in 90 seconds.`). */
export function waitMessage(detail: string): string | null {
  return tooManyTriesWords(detail);
}

/**
 * Reads a failed call in core-sdk's words for signing in (docs/product.md#words-for-failures): field errors go
 * next to the form's fields (the PIN calls' `{"error": "..."}` to `errorField`), and when none is placed, one
 * sentence goes to the form.
 */
export function formErrorsOf(error: unknown, formFields: readonly string[], errorField?: string): FormErrors {
  const fields = fieldWordsOf(error, { only: formFields, errorField });
  const placed = Object.keys(fields).length > 0;
  return { fields, form: placed ? null : wordsFor(error, 'auth') };
}
