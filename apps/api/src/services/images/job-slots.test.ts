import { JobSlots } from './job-slots';

describe('JobSlots (image jobs at most one per core)', () => {
  it('runs at most `size` jobs at once and starts the waiting ones in order as slots free', async () => {
    const slots = new JobSlots(2);
    const releases: (() => void)[] = [];
    const started: number[] = [];
    const jobs = [0, 1, 2, 3, 4].map((n) =>
      slots.run(async () => {
        started.push(n);
        await new Promise<void>((resolve) => releases.push(resolve));
        return n;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    releases.shift()!();
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1, 2]);
    while (started.length < 5 || releases.length) {
      releases.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(await Promise.all(jobs)).toEqual([0, 1, 2, 3, 4]);
    expect(slots.peak).toBe(2);
  });

  it('frees the slot of a job that fails', async () => {
    const slots = new JobSlots(1);
    await expect(slots.run(async () => Promise.reject(new Error('broken image')))).rejects.toThrow(
      'broken image',
    );
    expect(await slots.run(() => Promise.resolve('next'))).toBe('next');
  });
});
