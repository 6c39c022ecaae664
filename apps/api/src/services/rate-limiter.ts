import type { Clock } from '@wingmate/core-sdk';
import { lt, sql } from 'drizzle-orm';
import type { RateLimit } from '../config';
import type { AppDatabase } from '../db/database';
import { rateLimitCounters } from '../db/schema';
import { Problem } from '../problem';

/** How often (in counted calls of one instance) expired counters are swept away. */
const SWEEP_EVERY = 500;

/**
 * Fixed-window counters in Postgres, so every API instance counts the same calls (decisions.md, "Scale-out").
 * One upsert per check: atomic under concurrency, no read-then-write race.
 */
export class RateLimiter {
  private calls = 0;

  constructor(
    private readonly db: AppDatabase,
    private readonly clock: Clock,
  ) {}

  /** Counts one call against `key`; throws 429 `{detail}` with Retry-After once `limit.max` is passed. */
  async consume(key: string, limit: RateLimit): Promise<void> {
    const now = this.clock.now();
    const nowText = new Date(now).toISOString();
    const resetsText = new Date(now + limit.windowSeconds * 1000).toISOString();
    const expired = sql`${rateLimitCounters.resetsAt} <= ${nowText}::timestamptz`;
    const [counter] = await this.db
      .insert(rateLimitCounters)
      .values({ key, count: 1, resetsAt: sql`${resetsText}::timestamptz` })
      .onConflictDoUpdate({
        target: rateLimitCounters.key,
        set: {
          count: sql`case when ${expired} then 1 else ${rateLimitCounters.count} + 1 end`,
          resetsAt: sql`case when ${expired} then excluded.resets_at else ${rateLimitCounters.resetsAt} end`,
        },
      })
      .returning({ count: rateLimitCounters.count, resetsAt: rateLimitCounters.resetsAt });
    if (++this.calls % SWEEP_EVERY === 0) await this.sweep(now);
    if (counter && counter.count > limit.max) {
      const seconds = Math.max(1, Math.ceil((counter.resetsAt.getTime() - now) / 1000));
      throw throttled(seconds);
    }
  }

  private async sweep(now: number): Promise<void> {
    await this.db.delete(rateLimitCounters).where(lt(rateLimitCounters.resetsAt, new Date(now)));
  }
}

/** DRF's throttled answer, with the wait in Retry-After. */
export function throttled(seconds: number): Problem {
  return new Problem(
    429,
    { detail: `Request was throttled. Expected available in ${seconds} second${seconds === 1 ? '' : 's'}.` },
    { 'retry-after': String(seconds) },
  );
}
