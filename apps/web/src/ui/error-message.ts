import { isApiError, unreachableWords, wordsFor } from '@wingmate/core-sdk';

/** Said when the server could not be reached (status 0): the browser's own words ("Network Error") help nobody. */
export const OFFLINE_MESSAGE = unreachableWords('general');

/** What to tell a person about a failed call: the server's words, or a plain sentence when it said nothing. */
export function errorMessage(error: unknown): string {
  return wordsFor(error, 'general');
}

/** Whether the failure is the server's "not found" (a bio not written yet, a questionnaire not answered yet). */
export function isNotFound(error: unknown): boolean {
  return isApiError(error) && error.status === 404;
}

/** Whether the call was cancelled by us (the screen closed, the person pressed Cancel). */
export function isCancelled(error: unknown): boolean {
  return (
    (isApiError(error) && error.code === 'ERR_CANCELED') ||
    (error instanceof Error && (error.name === 'AbortError' || error.name === 'CanceledError'))
  );
}
