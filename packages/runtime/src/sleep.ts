/** Waits a number of milliseconds; injected so that the product's delays are observable in tests. */
export type Sleep = (ms: number) => Promise<void>;

export const timerSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
