import type { FastifyBaseLogger } from 'fastify';

/**
 * A background job whose runs in one process follow one another: `runOnce` waits for a run in flight and then
 * runs, `kick` starts a run without waiting for it (after a request made work for the job), `start` also runs it
 * every `intervalMs`, and `stop` ends that and waits for the run in flight. A run's failure is the caller's to see
 * from `runOnce`; from `kick` and the interval it is logged.
 */
export abstract class SerialJob<T> {
  private queue: Promise<unknown> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;

  protected constructor(
    protected readonly log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
    /** What the log says when a kicked or polled run fails. */
    private readonly failure: string,
  ) {}

  /** One run of the job: what is due now. */
  protected abstract run(): Promise<T>;

  runOnce(): Promise<T> {
    const run = this.queue.then(() => this.run());
    this.queue = run.catch(() => undefined);
    return run;
  }

  kick(): void {
    this.runOnce().catch((error: unknown) => this.log.error({ err: error }, this.failure));
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
