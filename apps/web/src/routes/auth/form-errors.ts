import { isApiError } from '@wingmate/core-sdk';

/** What went wrong with a form's call: messages per field, and one for the form (read near its button). */
export interface FormErrors {
  fields: Record<string, string>;
  form: string | null;
}

export const NO_ERRORS: FormErrors = { fields: {}, form: null };

/** API sentences kept from DRF for old clients, said more plainly here. */
const plainer: Record<string, string> = {
  'Unable to log in with provided credentials.':
    'That password is not right, or there is no account with these details.',
};

const OFFLINE = 'We could not reach Wingmate. Check your connection and try again.';
const SERVER_TROUBLE = 'Something went wrong on our side. Please try again in a moment.';

const isJsonObject = (value: unknown) => typeof value === 'object' && value !== null;

function firstText(value: unknown): string | undefined {
  if (typeof value === 'string') return value || undefined;
  if (Array.isArray(value)) return value.map(firstText).find(Boolean);
  return undefined;
}

/** "Try again in 2 minutes" from a throttled answer's wait (`Expected available in 90 seconds.`). */
export function waitMessage(detail: string): string | null {
  const seconds = Number(/available in (\d+) second/.exec(detail)?.[1]);
  if (!Number.isFinite(seconds) || seconds <= 0) return null;
  const wait =
    seconds < 60
      ? `${seconds} second${seconds === 1 ? '' : 's'}`
      : `${Math.ceil(seconds / 60)} minute${Math.ceil(seconds / 60) === 1 ? '' : 's'}`;
  return `Too many tries. Please wait ${wait} and try again.`;
}

/**
 * Reads a failed call the way the API answers (decisions.md: one error shape): DRF field errors
 * (`{"password": ["..."]}`) go next to their fields when the form has them, the PIN calls' `{"error": "..."}`
 * goes to `errorField`, a lockout (429) says how long to wait, and the rest is one plain sentence for the form.
 */
export function formErrorsOf(error: unknown, formFields: readonly string[], errorField?: string): FormErrors {
  if (!isApiError(error)) return { fields: {}, form: SERVER_TROUBLE };
  if (error.status === 0) return { fields: {}, form: OFFLINE };
  if (error.status === 429) return { fields: {}, form: waitMessage(error.message) ?? error.message };
  const body =
    typeof error.data === 'object' && error.data !== null ? (error.data as Record<string, unknown>) : {};
  // A 503 that says what failed (a text message could not go out) is worth reading. An empty or non-JSON body
  // gives the SDK's "The server responded with a status of N" (the spec's catalogue), never the body itself; a
  // JSON body with no detail says nothing a person can use.
  if (error.status >= 500) {
    const readable = typeof body['detail'] === 'string' || !isJsonObject(error.data);
    return { fields: {}, form: readable ? error.message : SERVER_TROUBLE };
  }
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(body)) {
    const target = name === 'error' && errorField ? errorField : name;
    const text = firstText(value);
    if (text && formFields.includes(target)) fields[target] ??= text;
  }
  const placed = Object.keys(fields).length > 0;
  return { fields, form: placed ? null : (plainer[error.message] ?? error.message) };
}
