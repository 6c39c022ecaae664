import { timerSleep } from './sleep';

describe('timerSleep: the product waits on timers (docs/product.md#constants-and-limits)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('resolves after the given milliseconds and not before', async () => {
    let done = false;
    void timerSleep(100).then(() => (done = true));
    await jest.advanceTimersByTimeAsync(99);
    expect(done).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
  });
});
