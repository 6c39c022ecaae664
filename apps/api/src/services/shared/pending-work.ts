import type { FastifyBaseLogger } from 'fastify';

/**
 * Work that runs after the answer has gone (reset sends, change notices), so that an answer's timing never
 * tells whether an account exists. Failures are logged, never thrown; `settled()` waits for what is running
 * (tests, and a server closing).
 */
export class PendingWork {
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  /** Starts `work` on the next turn of the event loop, after the handler has answered. */
  later(what: string, work: () => Promise<void>): void {
    const done: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .catch((error: unknown) => this.log.error({ err: error }, `${what} failed`))
      .finally(() => this.running.delete(done));
    this.running.add(done);
  }

  /** Resolves once every started piece of work has ended (work started meanwhile included). */
  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }
}
