import { ApiError } from '../errors/api-error';
import { createCodeResendStore } from './code-resend-store';

const WAIT_MS = 60_000;

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('"Resend code" waits a minute after each code (docs/decisions.md#auth-appsapi)', () => {
  it('counts the seconds left from the code just sent, down to 0', () => {
    const store = createCodeResendStore(() => Promise.resolve(undefined), { waitMs: WAIT_MS });
    expect(store.secondsLeft()).toBe(60);
    jest.advanceTimersByTime(59_001);
    expect(store.secondsLeft()).toBe(1);
    jest.advanceTimersByTime(999);
    expect(store.secondsLeft()).toBe(0);
    jest.advanceTimersByTime(5_000);
    expect(store.secondsLeft()).toBe(0);
  });

  it('reads the time from the injected clock', () => {
    let now = 1_000;
    const store = createCodeResendStore(() => Promise.resolve(undefined), {
      waitMs: WAIT_MS,
      clock: { now: () => now },
    });
    now += 30_000;
    expect(store.secondsLeft()).toBe(30);
  });

  it('sends a new code, says so, and starts the wait again', async () => {
    const send = jest.fn(() => Promise.resolve(undefined));
    const store = createCodeResendStore(send, { waitMs: WAIT_MS });
    jest.advanceTimersByTime(WAIT_MS);
    const resending = store.resend();
    expect(store.getState()).toMatchObject({ sending: true, outcome: null });
    await resending;
    expect(send).toHaveBeenCalledTimes(1);
    expect(store.getState()).toMatchObject({ sending: false, outcome: 'sent', error: null });
    expect(store.secondsLeft()).toBe(60);
  });

  it('keeps a refused resend structured, and the wait as it was', async () => {
    const refusal = new ApiError({ status: 429, message: 'Wait a minute.' });
    const store = createCodeResendStore(() => Promise.reject(refusal), { waitMs: WAIT_MS });
    jest.advanceTimersByTime(WAIT_MS);
    await store.resend();
    expect(store.getState()).toMatchObject({ sending: false, outcome: 'failed', error: refusal });
    expect(store.secondsLeft()).toBe(0);
  });
});
