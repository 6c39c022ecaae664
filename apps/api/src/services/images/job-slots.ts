/**
 * A counting semaphore: at most `size` jobs run at once, the rest wait their turn in order. Image work is memory
 * and CPU heavy (a 40-megapixel decode holds about 160 MB), so it runs at most one job per core.
 */
export class JobSlots {
  private running = 0;
  private highest = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly size: number) {
    if (!Number.isInteger(size) || size < 1)
      throw new Error(`JobSlots needs a size of 1 or more (got ${size})`);
  }

  /** The most jobs that ever ran at once (for tests and metrics). */
  get peak(): number {
    return this.highest;
  }

  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.running >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running++;
    this.highest = Math.max(this.highest, this.running);
    try {
      return await job();
    } finally {
      const next = this.waiting.shift();
      // The slot passes straight to the next job in line, so `running` never drops below while jobs wait.
      if (next) next();
      else this.running--;
    }
  }
}
