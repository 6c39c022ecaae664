import { isApiError } from '../errors/api-error';
import { waitSecondsOf, wordsFor } from '../words/error-words';

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

/** The kind of a failed send; its words are the catalogue's for chat (docs/product.md#words-for-failures). */
export function chatFailureOf(error: unknown): ChatFailure {
  const message = wordsFor(error, 'chat');
  if (!isApiError(error) || error.status === 0) return { kind: 'unreachable', message };
  if (error.status === 402) return { kind: 'out-of-messages', message };
  if (error.status === 429)
    return { kind: 'rate-limited', message, waitSeconds: waitSecondsOf(error.message) };
  // 409: the same key while its first request still runs; that answer is on its way, asking again soon gets it.
  if (error.status === 409 || error.status >= 500) return { kind: 'server', message };
  return { kind: 'refused', message };
}

/** Whether the same request, sent again with its key, may succeed (and is never charged twice). */
export const canRetry = (failure: ChatFailure): boolean =>
  failure.kind === 'unreachable' || failure.kind === 'server' || failure.kind === 'rate-limited';
