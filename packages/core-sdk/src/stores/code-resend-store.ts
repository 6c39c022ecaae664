import { systemClock, type Clock } from '@wingmate/runtime';
import { createStore, type ReadableStore } from './store';
import { readSide } from './read-side';

export interface CodeResendState {
  /** When a new code may be asked for (the clock's milliseconds). */
  availableAt: number;
  sending: boolean;
  /** How the last resend went: `sent`, or `failed` with `error`; null before one, and while one is sent. */
  outcome: 'sent' | 'failed' | null;
  /** The last resend's failure, as the SDK threw it; null while none. */
  error: unknown;
}

export interface CodeResendStore extends ReadableStore<CodeResendState> {
  /** Sends a new code: the wait starts again once it went out. Never throws: the outcome is in the state. */
  resend(): Promise<void>;
  /** Whole seconds left before a new code may be asked for, at the store's clock; redraw each second until 0. */
  secondsLeft(): number;
}

/**
 * "Resend code" under a code just sent: the API sends one a minute (docs/decisions.md#auth-appsapi), so a new
 * one may be asked for once `waitMs` since the last is over, counted from a deadline (a tab the browser slowed
 * down still shows the right time).
 */
export function createCodeResendStore(
  send: () => Promise<unknown>,
  { waitMs, clock = systemClock }: { waitMs: number; clock?: Clock },
): CodeResendStore {
  const store = createStore<CodeResendState>({
    availableAt: clock.now() + waitMs,
    sending: false,
    outcome: null,
    error: null,
  });
  return {
    ...readSide(store),
    async resend() {
      store.setState({ sending: true, outcome: null, error: null });
      try {
        await send();
        store.setState({ sending: false, outcome: 'sent', availableAt: clock.now() + waitMs });
      } catch (error) {
        store.setState({ sending: false, outcome: 'failed', error });
      }
    },
    secondsLeft: () => Math.max(0, Math.ceil((store.getState().availableAt - clock.now()) / 1000)),
  };
}
