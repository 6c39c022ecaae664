import { isApiError } from '../errors/api-error';

/**
 * Why a send did not get its reply, in the words the chat shows:
 * - `out-of-messages` (402): the paywall opens and the text goes back to the composer;
 * - `rate-limited` (429): the wait is shown;
 * - `unreachable` (offline, status 0) and `server` (5xx, the AI down): the message stays with a Retry;
 * - `refused` (400, 403...): the server's own message, no Retry (the same request would fail again).
 */
export type ChatFailure =
  | { readonly kind: 'out-of-messages'; readonly message: string }
  | { readonly kind: 'rate-limited'; readonly message: string; readonly waitSeconds: number | null }
  | { readonly kind: 'unreachable'; readonly message: string }
  | { readonly kind: 'server'; readonly message: string }
  | { readonly kind: 'refused'; readonly message: string };

/** "Expected available in 30 seconds." of a 429's detail (the server also sends Retry-After). */
function waitOf(message: string): number | null {
  const seconds = /available in (\d+) second/i.exec(message)?.[1];
  return seconds ? Number(seconds) : null;
}

/** The server's own words, then that the message is kept; "try again" once (the server's detail may say it). */
function serverMessage(detail: string): string {
  const said = detail.trim() || 'The server had a problem.';
  return /try again/i.test(said)
    ? `${said} Your message is kept.`
    : `${said} Your message is kept; try again.`;
}

export function chatFailureOf(error: unknown): ChatFailure {
  if (!isApiError(error)) {
    return { kind: 'unreachable', message: 'The connection was lost. Your message is kept; try again.' };
  }
  if (error.status === 402) return { kind: 'out-of-messages', message: error.message };
  if (error.status === 429) {
    const waitSeconds = waitOf(error.message);
    return {
      kind: 'rate-limited',
      waitSeconds,
      message: waitSeconds
        ? `Too many messages at once. Try again in ${waitSeconds} seconds.`
        : 'Too many messages at once. Wait a moment, then try again.',
    };
  }
  if (error.status === 409) {
    // The same key while its first request still runs: that answer is on its way; asking again soon gets it.
    return { kind: 'server', message: 'Your message is still being answered. Try again in a moment.' };
  }
  if (error.status === 0) {
    return { kind: 'unreachable', message: 'You seem to be offline. Your message is kept; try again.' };
  }
  if (error.status >= 500) return { kind: 'server', message: serverMessage(error.message) };
  return { kind: 'refused', message: error.message };
}

/** Whether the same request, sent again with its key, may succeed (and is never charged twice). */
export const canRetry = (failure: ChatFailure): boolean =>
  failure.kind === 'unreachable' || failure.kind === 'server' || failure.kind === 'rate-limited';
