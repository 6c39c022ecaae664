import { createCountdown } from './countdown';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('the resend countdown counts from a deadline (docs/decisions.md#auth-appsapi)', () => {
  it('shows the full wait before it starts, then one second less each second down to 0', async () => {
    const countdown = createCountdown(3);
    expect(countdown.getState().secondsLeft).toBe(3);
    countdown.start();
    await jest.advanceTimersByTimeAsync(999);
    expect(countdown.getState().secondsLeft).toBe(3);
    await jest.advanceTimersByTimeAsync(1);
    expect(countdown.getState().secondsLeft).toBe(2);
    await jest.advanceTimersByTimeAsync(2_000);
    expect(countdown.getState().secondsLeft).toBe(0);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('reads the time left from the clock, so a late tick still shows the right second', () => {
    let now = 0;
    let tick = () => {};
    const stopped = jest.fn();
    const countdown = createCountdown(60, {
      clock: { now: () => now },
      repeat: (_ms, onTick) => {
        tick = onTick;
        return stopped;
      },
    });
    countdown.start();
    now = 25_500;
    tick();
    expect(countdown.getState().secondsLeft).toBe(35);
    now = 61_000;
    tick();
    expect(countdown.getState().secondsLeft).toBe(0);
    expect(stopped).toHaveBeenCalledTimes(1);
  });

  it('sees every second when fake timers move on synchronously', () => {
    const countdown = createCountdown(60);
    countdown.start();
    for (let second = 0; second < 60; second += 1) jest.advanceTimersByTime(1_000);
    expect(countdown.getState().secondsLeft).toBe(0);
  });

  it('restarts from a new deadline', async () => {
    const countdown = createCountdown(60);
    countdown.start();
    await jest.advanceTimersByTimeAsync(60_000);
    expect(countdown.getState().secondsLeft).toBe(0);
    countdown.restart(60);
    expect(countdown.getState().secondsLeft).toBe(60);
    await jest.advanceTimersByTimeAsync(59_000);
    expect(countdown.getState().secondsLeft).toBe(1);
  });

  it('stops counting when stopped, and goes on from the time it is when started again', async () => {
    const countdown = createCountdown(10);
    countdown.start();
    countdown.stop();
    await jest.advanceTimersByTimeAsync(4_000);
    expect(countdown.getState().secondsLeft).toBe(10);
    countdown.start();
    expect(countdown.getState().secondsLeft).toBe(6);
  });

  it('counts once however often it is started', async () => {
    const countdown = createCountdown(5);
    const seen: number[] = [];
    countdown.subscribe(({ secondsLeft }) => seen.push(secondsLeft));
    countdown.start();
    countdown.start();
    await jest.advanceTimersByTimeAsync(5_000);
    expect(seen).toEqual([5, 4, 3, 2, 1, 0]);
  });
});
