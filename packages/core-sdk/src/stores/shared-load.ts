import type { Sleep } from '@wingmate/runtime';
import { ApiError, isApiError } from '../errors/api-error';
import { errorMessages } from '../errors/messages';

/** Plan fetch retry (docs/product.md#plan-lists): first after 500 ms, then doubling, 5 tries at most. */
export const PLAN_FETCH_FIRST_RETRY_MS = 500;
export const PLAN_FETCH_MAX_TRIES = 5;

const isUnauthorized = (error: unknown) =>
  isApiError(error) && (error.status === 401 || error.status === 403);

/**
 * Runs a plan fetch with the retry rule. An unauthorized answer rejects at once with "Unauthorized"
 * (docs/product.md#plan-lists): retrying cannot help without a new sign-in.
 */
export async function fetchWithPlanRetry<T>(fetch: () => Promise<T>, sleep: Sleep): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fetch();
    } catch (error) {
      if (isUnauthorized(error)) {
        const { status, code } = error as ApiError;
        throw new ApiError({ status, code, message: errorMessages.unauthorized, data: error });
      }
      if (attempt >= PLAN_FETCH_MAX_TRIES) throw error;
      await sleep(PLAN_FETCH_FIRST_RETRY_MS * 2 ** (attempt - 1));
    }
  }
}

/**
 * One load at a time: concurrent callers share it, and all settle together when it does (docs/product.md#plan-lists).
 */
export function sharedLoad<T>(load: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | null = null;
  return () => {
    running ??= load().finally(() => {
      running = null;
    });
    return running;
  };
}
