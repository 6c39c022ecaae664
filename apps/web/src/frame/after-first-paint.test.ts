import { afterFirstPaint, PAINT_REPORT_TIMEOUT_MS, type PaintSignals } from './after-first-paint';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

function fakeSignals() {
  const loaded = deferred();
  const revealed = deferred();
  const painted = deferred();
  const idleCallbacks: (() => void)[] = [];
  const signals: PaintSignals = {
    loaded: () => loaded.promise,
    revealed: () => revealed.promise,
    painted: () => painted.promise,
    idle: (callback) => idleCallbacks.push(callback),
    setTimeout: (callback, ms) => setTimeout(callback, ms),
  };
  const runIdle = () => idleCallbacks.splice(0).forEach((callback) => callback());
  return { signals, loaded, revealed, painted, runIdle };
}

const flush = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

describe('afterFirstPaint', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('starts only when the page is loaded, shown and painted, and the main thread is idle', async () => {
    const fake = fakeSignals();
    const start = jest.fn();
    afterFirstPaint(start, fake.signals);

    fake.loaded.resolve();
    fake.revealed.resolve();
    await flush();
    fake.runIdle();
    expect(start).not.toHaveBeenCalled();

    fake.painted.resolve();
    await flush();
    expect(start).not.toHaveBeenCalled();
    fake.runIdle();
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('does not wait for the paint report forever', async () => {
    const fake = fakeSignals();
    const start = jest.fn();
    afterFirstPaint(start, fake.signals);
    fake.loaded.resolve();
    fake.revealed.resolve();

    jest.advanceTimersByTime(PAINT_REPORT_TIMEOUT_MS - 1);
    await flush();
    fake.runIdle();
    expect(start).not.toHaveBeenCalled();

    jest.advanceTimersByTime(1);
    await flush();
    fake.runIdle();
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('waits for the page to be shown even when it has painted', async () => {
    const fake = fakeSignals();
    const start = jest.fn();
    afterFirstPaint(start, fake.signals);
    fake.loaded.resolve();
    fake.painted.resolve();
    await flush();
    fake.runIdle();
    expect(start).not.toHaveBeenCalled();
    fake.revealed.resolve();
    await flush();
    fake.runIdle();
    expect(start).toHaveBeenCalledTimes(1);
  });
});
