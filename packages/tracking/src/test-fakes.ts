import type { Clock, Logger } from '@wingmate/core-sdk';

/** A logger whose calls the tests read. */
export function fakeLogger(): { [K in keyof Logger]: jest.Mock } {
  return { info: jest.fn(), warn: jest.fn(), error: jest.fn() };
}

/** A clock the test sets by hand. */
export function fakeClock(startMs: number): Clock & { set(ms: number): void } {
  let now = startMs;
  return { now: () => now, set: (ms) => void (now = ms) };
}
