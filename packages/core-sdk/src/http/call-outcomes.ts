import type { Call, OperationId } from './operation';

/**
 * How one SDK call ended: its operation, the body it sent and the answer or the error. Listeners read only what
 * they need; the body may hold personal data (an e-mail, a password), so nothing here is sent anywhere by itself.
 */
export type CallOutcome =
  | { id: OperationId; body: unknown; ok: true; response: unknown }
  | { id: OperationId; body: unknown; ok: false; error: unknown };

export type CallOutcomeListener = (outcome: CallOutcome) => void;

/** What the client offers: a listener told of every call's end (product analytics follows the flows this way). */
export interface CallOutcomes {
  /** Answers the unsubscribe. */
  subscribe: (listener: CallOutcomeListener) => () => void;
}

/**
 * The calls' outcomes, told once per call after the transport's retries, so a client on any platform (web,
 * mobile) learns of sign-ups, sends and payments from the same place
 * (docs/product.md#attribution-ab-tests-and-analytics). A listener that throws never changes the call's result.
 */
export function createCallOutcomes(): CallOutcomes & { observe(call: Call): Call } {
  const listeners = new Set<CallOutcomeListener>();
  const tell = (outcome: CallOutcome) => {
    for (const listener of listeners) {
      try {
        listener(outcome);
      } catch {
        // A listener's failure is its own; the call already ended.
      }
    }
  };
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    observe:
      (call): Call =>
      async (id, request) => {
        const body = request?.body;
        try {
          const response = await call(id, request);
          tell({ id, body, ok: true, response });
          return response;
        } catch (error) {
          tell({ id, body, ok: false, error });
          throw error;
        }
      },
  };
}
