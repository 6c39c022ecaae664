import axios from 'axios';
import { ApiError, isApiError } from '../errors/api-error';
import { errorMessages } from '../errors/messages';

/**
 * A failure body as JSON, for operations whose message sits in a field of their own (docs/product.md#error-catalogue).
 */
export type FailureBody = Record<string, unknown>;

/**
 * Reads an operation's own message out of a failure body (null when the body is empty or not a JSON object);
 * undefined falls back to the generic reading.
 */
export type FailureMessage = (body: FailureBody | null, status: number) => string | undefined;

const isObject = (value: unknown): value is FailureBody =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The first message found in a DRF error value: a string, a list of strings, or nested field errors. */
export function firstMessage(value: unknown): string | undefined {
  if (typeof value === 'string') return value || undefined;
  const items = Array.isArray(value) ? value : isObject(value) ? Object.values(value) : [];
  for (const item of items) {
    const found = firstMessage(item);
    if (found) return found;
  }
  return undefined;
}

function jsonBody(data: unknown): FailureBody | unknown[] | null {
  let parsed = data;
  if (typeof data === 'string') {
    try {
      parsed = JSON.parse(data);
    } catch {
      return null;
    }
  }
  return isObject(parsed) || Array.isArray(parsed) ? parsed : null;
}

/** Generic reading (docs/product.md#error-catalogue): `detail` when present, else the first field error. */
export function genericMessage(body: FailureBody | unknown[]): string | undefined {
  if (Array.isArray(body)) return firstMessage(body);
  const { detail, code: _code, ...fields } = body;
  return firstMessage(detail) ?? firstMessage(fields);
}

/**
 * The ApiError of a failed response. An empty or non-JSON body gives the status message
 * (docs/product.md#error-catalogue).
 */
export function responseError(status: number, data: unknown, failureMessage?: FailureMessage): ApiError {
  const body = jsonBody(data);
  const fields = isObject(body) ? body : null;
  const code = typeof fields?.code === 'string' ? fields.code : null;
  const message =
    failureMessage?.(fields, status) ?? (body && genericMessage(body)) ?? errorMessages.statusOnly(status);
  return new ApiError({ status, message, code, data: body ?? (data === '' ? null : (data ?? null)) });
}

/** Any failure of a call as an ApiError; the server not being reached is status 0 (docs/product.md#error-catalogue). */
export function toApiError(error: unknown, failureMessage?: FailureMessage): ApiError {
  if (isApiError(error)) return error;
  if (axios.isAxiosError(error)) {
    if (error.response) return responseError(error.response.status, error.response.data, failureMessage);
    return new ApiError({ status: 0, message: error.message || 'Network Error', code: error.code ?? null });
  }
  return new ApiError({ status: 0, message: error instanceof Error ? error.message : String(error) });
}
