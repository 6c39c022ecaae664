/**
 * The runs of one background job in one process, one after another: `runOnce` waits for a run in flight and then
 * runs, `kick` starts a run without waiting for it (after a request made work for the job), `start` also runs it
 * every `intervalMs`, and `stop` ends that and waits for the run in flight. A run's failure is the caller's to see
 * from `runOnce`; from `kick` and the interval it goes to `onError`.
 */
export class SerialRuns<T> {
  private queue: Promise<unknown> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly run: () => Promise<T>,
    private readonly onError: (error: unknown) => void,
  ) {}

  runOnce(): Promise<T> {
    const run = this.queue.then(() => this.run());
    this.queue = run.catch(() => undefined);
    return run;
  }

  kick(): void {
    this.runOnce().catch(this.onError);
  }

  start(intervalMs: number): void {
    this.timer = setInterval(() => this.kick(), intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.queue;
  }
}
