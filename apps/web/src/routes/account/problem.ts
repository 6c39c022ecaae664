import { isApiError } from '@wingmate/core-sdk';

/** What went wrong with a form's call, in words a person can act on: one message, and one per field. */
export interface FormProblem {
  message: string;
  /** Field errors of the API (`{"new_password": ["Too short."]}`), first message per field. */
  fields: Record<string, string>;
}

const UNREACHABLE = 'We could not reach Wingmate. Check your connection and try again.';

function firstText(value: unknown): string | undefined {
  if (typeof value === 'string') return value || undefined;
  if (Array.isArray(value)) return value.map(firstText).find(Boolean);
  return undefined;
}

/** The API's field errors, first message per field. */
function fieldMessages(data: unknown): Record<string, string> {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return {};
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(data)) {
    // `detail` is the general message and a string `code` the error's code; a list under `code` is the field's.
    if (name === 'detail' || (name === 'code' && typeof value === 'string')) continue;
    const text = firstText(value);
    if (text) fields[name] = text;
  }
  return fields;
}

/** Reads any failure of an SDK call (decisions.md: one error shape) for a form. */
export function readProblem(error: unknown): FormProblem {
  if (!isApiError(error)) {
    return { message: error instanceof Error ? error.message : String(error), fields: {} };
  }
  if (error.status === 0) return { message: UNREACHABLE, fields: {} };
  return { message: error.message, fields: fieldMessages(error.data) };
}

/** The message of a failure, for a section without fields (a list that did not load). */
export function problemMessage(error: unknown): string {
  return readProblem(error).message;
}

/**
 * The form-level message: shown when none of the form's own fields carries the error (a field error is already
 * read next to its field).
 */
export function formMessage(problem: FormProblem | null, shownFields: readonly string[]): string | null {
  if (!problem) return null;
  return shownFields.some((name) => problem.fields[name]) ? null : problem.message;
}
