import { isApiError } from '../errors/api-error';

export interface FieldWordsOptions {
  /** The fields the form shows; errors of other fields are left to the form's own message. */
  readonly only?: readonly string[];
  /** The field that reads the PIN calls' `{"error": "..."}` (their code field). */
  readonly errorField?: string;
}

function firstText(value: unknown): string | undefined {
  if (typeof value === 'string') return value || undefined;
  if (Array.isArray(value)) return value.map(firstText).find(Boolean);
  return undefined;
}

/**
 * The API's field errors (`{"password": ["This password is too common."]}`), first message per field. Only a
 * refusal of the request (4xx) names fields: a throttled answer is about waiting and a 5xx body about the server.
 * `detail` is the general message and a string `code` the error's code, neither a field's words.
 */
export function fieldWordsOf(error: unknown, options: FieldWordsOptions = {}): Record<string, string> {
  if (!isApiError(error) || error.status < 400 || error.status >= 500 || error.status === 429) return {};
  const { data } = error;
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return {};
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(data)) {
    if (name === 'detail' || (name === 'code' && typeof value === 'string')) continue;
    const field = name === 'error' && options.errorField ? options.errorField : name;
    const text = firstText(value);
    if (text && (!options.only || options.only.includes(field))) fields[field] ??= text;
  }
  return fields;
}
