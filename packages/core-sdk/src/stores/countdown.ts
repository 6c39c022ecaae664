import { systemClock, type Clock } from '../ports/clock';
import { timerSleep, type Sleep } from '../ports/sleep';
import { createStore, type ReadableStore } from './store';

export interface CountdownState {
  secondsLeft: number;
}

/**
 * Seconds left before something may be done again (a new code after 60 s). Counted from a deadline, not by ticks,
 * so a tab the browser slowed down in the background still shows the right time.
 */
export interface Countdown extends ReadableStore<CountdownState> {
  /** Counts down to the deadline (does nothing while already counting); a screen calls it when it shows. */
  start(): void;
  /** Stops counting, keeping the deadline, when the screen goes; `start` goes on from the time it is then. */
  stop(): void;
  /** A new deadline `seconds` from now, counted down at once. */
  restart(seconds: number): void;
}

export interface TimingPorts {
  clock?: Clock;
  sleep?: Sleep;
}

/** A countdown from `seconds`, taken from the injected clock and woken by the injected sleep each second. */
export function createCountdown(
  seconds: number,
  { clock = systemClock, sleep = timerSleep }: TimingPorts = {},
): Countdown {
  const store = createStore<CountdownState>({ secondsLeft: seconds });
  let endsAt = clock.now() + seconds * 1000;
  // Each start counts under a new number; a sleep that wakes under an older one (stopped, restarted) ends there.
  let counting: number | null = null;
  let starts = 0;

  async function countDown(run: number) {
    while (counting === run) {
      const left = endsAt - clock.now();
      store.setState({ secondsLeft: Math.max(0, Math.ceil(left / 1000)) });
      if (left <= 0) {
        counting = null;
        return;
      }
      // Wake when the shown second changes: a whole second, or what is left of the current one.
      await sleep(left % 1000 || 1000);
    }
  }

  function start() {
    if (counting !== null) return;
    counting = ++starts;
    void countDown(counting);
  }

  function stop() {
    counting = null;
  }

  return {
    getState: store.getState,
    getInitialState: store.getInitialState,
    subscribe: store.subscribe,
    start,
    stop,
    restart(next) {
      endsAt = clock.now() + next * 1000;
      stop();
      start();
    },
  };
}
