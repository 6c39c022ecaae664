import type { Store } from './store';

/**
 * Where a form's call is: `sending`, then `done` when the flow is over (the form stays busy while its screen
 * closes), or `failed` with the failure as the SDK threw it, for the screen to put in words.
 */
export type SubmissionStatus = 'idle' | 'sending' | 'failed' | 'done';

export interface SubmissionState {
  status: SubmissionStatus;
  /** The last call's failure; null while none. */
  error: unknown;
}

export const idleSubmission: SubmissionState = { status: 'idle', error: null };

/**
 * Runs one call of a form in `store`: sending, then what `next` makes of the answer (`done` unless it says
 * otherwise), or failed with the error kept. Rejects as the call did, so a caller waiting on it (a screen that
 * leaves once the session ends) knows it failed.
 */
export async function submitIn<S extends SubmissionState, T>(
  store: Store<S>,
  call: () => Promise<T>,
  next: (answer: T) => Partial<S> = () => ({ status: 'done' }) as Partial<S>,
): Promise<T> {
  store.setState({ status: 'sending', error: null } as Partial<S>);
  try {
    const answer = await call();
    store.setState(next(answer));
    return answer;
  } catch (error) {
    store.setState({ status: 'failed', error } as Partial<S>);
    throw error;
  }
}
