/** Time as the packages see it; injected so timing rules are tested with fake timers. */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };
