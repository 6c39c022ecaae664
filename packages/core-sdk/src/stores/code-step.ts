import { hasProblems, RESEND_CODE_AFTER_SECONDS, type CallFailure, type InputProblems } from './auth-input';
import type { Countdown } from './countdown';
import type { Store } from './store';

/**
 * A step that asks for a 6-digit code (by SMS or e-mail): the code, which call is under way (the step's own,
 * `submit`, or `resend`), what went wrong before or with it, whether a new code went out, and the seconds until
 * another may be asked for.
 */
export interface CodeStepState {
  code: string;
  busy: 'submit' | 'resend' | null;
  problems: InputProblems;
  failure: (CallFailure & { during: 'submit' | 'resend' }) | null;
  /** A new code went out when the person asked (the screen says where to). */
  resent: boolean;
  secondsLeft: number;
}

export type CodeStepOutcome<T> =
  { kind: 'done'; value: T } | { kind: 'invalid' } | { kind: 'failed'; error: unknown };

export interface CodeStepActions {
  setCode(code: string): void;
  /** Counts the wait for "Resend code" down while the step shows; `stopCountdown` when it goes. */
  startCountdown(): void;
  stopCountdown(): void;
}

export const codeStepStart = (secondsLeft: number): CodeStepState => ({
  code: '',
  busy: null,
  problems: {},
  failure: null,
  resent: false,
  secondsLeft,
});

/** The code step's rules over `store` (which may hold more than the step), its wait counted by `countdown`. */
export function codeStep<S extends CodeStepState>(store: Store<S>, countdown: Countdown) {
  const patch = (state: Partial<CodeStepState>) => store.setState(state as Partial<S>);
  countdown.subscribe(({ secondsLeft }) => patch({ secondsLeft }));

  return {
    actions: {
      setCode: (code: string) => patch({ code }),
      startCountdown: countdown.start,
      stopCountdown: countdown.stop,
    } satisfies CodeStepActions,

    /** Sends the step once nothing is wrong with what was typed (`problems` empty). */
    async submit<T>(problems: InputProblems, call: () => Promise<T>): Promise<CodeStepOutcome<T>> {
      patch({ resent: false });
      if (hasProblems(problems)) {
        patch({ problems, failure: null });
        return { kind: 'invalid' };
      }
      patch({ problems: {}, failure: null, busy: 'submit' });
      try {
        return { kind: 'done', value: await call() };
      } catch (error) {
        patch({ failure: { during: 'submit', error } });
        return { kind: 'failed', error };
      } finally {
        patch({ busy: null });
      }
    },

    /** "Resend code": asks for a new code, empties the field, says it went out and waits again. */
    async resend(send: () => Promise<unknown>): Promise<boolean> {
      patch({ problems: {}, failure: null, resent: false, busy: 'resend' });
      try {
        await send();
        patch({ code: '', resent: true });
        countdown.restart(RESEND_CODE_AFTER_SECONDS);
        return true;
      } catch (error) {
        patch({ failure: { during: 'resend', error } });
        return false;
      } finally {
        patch({ busy: null });
      }
    },
  };
}
