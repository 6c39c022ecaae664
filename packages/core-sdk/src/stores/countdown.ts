import { systemClock, type Clock } from '@wingmate/runtime';
import { createStore, type ReadableStore } from './store';
import { readSide } from './read-side';

export interface CountdownState {
  secondsLeft: number;
}

/**
 * Seconds left before something may be done again (a new code after 60 s). Counted from a deadline, not by ticks,
 * so a tab the browser slowed down in the background still shows the right time.
 */
export interface Countdown extends ReadableStore<CountdownState> {
  /** Counts down to the deadline (does nothing while already counting); a screen calls it when it shows. */
  start: () => void;
  /** Stops counting, keeping the deadline, when the screen goes; `start` goes on from the time it is then. */
  stop: () => void;
  /** A new deadline `seconds` from now, counted down at once. */
  restart(seconds: number): void;
}

/**
 * Calls `tick` every `ms` until the answered stop is called. A timer rather than a loop over `sleep`: each tick
 * comes from the timer itself, so a test that moves fake timers on synchronously sees every second.
 */
export type Repeat = (ms: number, tick: () => void) => () => void;

export const intervalRepeat: Repeat = (ms, tick) => {
  const timer = setInterval(tick, ms);
  return () => clearInterval(timer);
};

export interface CountdownPorts {
  clock?: Clock;
  repeat?: Repeat;
}

/** A countdown from `seconds`, read from the injected clock each second. */
export function createCountdown(
  seconds: number,
  { clock = systemClock, repeat = intervalRepeat }: CountdownPorts = {},
): Countdown {
  const store = createStore<CountdownState>({ secondsLeft: seconds });
  let endsAt = clock.now() + seconds * 1000;
  let stopTicking: (() => void) | null = null;

  /** Shows the seconds left; false once none are. */
  function show(): boolean {
    const secondsLeft = Math.max(0, Math.ceil((endsAt - clock.now()) / 1000));
    store.setState({ secondsLeft });
    return secondsLeft > 0;
  }

  function stop() {
    stopTicking?.();
    stopTicking = null;
  }

  function start() {
    if (stopTicking || !show()) return;
    stopTicking = repeat(1000, () => {
      if (!show()) stop();
    });
  }

  return {
    ...readSide(store),
    start,
    stop,
    restart(next) {
      endsAt = clock.now() + next * 1000;
      stop();
      start();
    },
  };
}
