import type { Clock } from '@wingmate/runtime';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { RateLimit } from '../../config';
import type { AppDatabase } from '../../db/database';
import { rateLimitCounters } from '../../db/schema';
import { Problem } from '../../problem';

/** How often (in counted calls of one instance) expired counters are swept away. */
const SWEEP_EVERY = 500;

/**
 * Fixed-window counters in Postgres, so every API instance counts the same calls (docs/decisions.md#auth-appsapi).
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
    const counter = await this.increment(key, limit, now);
    if (counter && counter.count > limit.max) throw throttled(secondsUntil(counter.resetsAt, now));
  }

  /** Throws 429 when `key` already used up its window, without counting this call (failure budgets). */
  async assertAvailable(key: string, limit: RateLimit): Promise<void> {
    const now = this.clock.now();
    const [counter] = await this.db
      .select({ count: rateLimitCounters.count, resetsAt: rateLimitCounters.resetsAt })
      .from(rateLimitCounters)
      .where(and(eq(rateLimitCounters.key, key), gt(rateLimitCounters.resetsAt, new Date(now))));
    if (counter && counter.count >= limit.max) throw throttled(secondsUntil(counter.resetsAt, now));
  }

  /** Counts one event against `key` without refusing anything (what `assertAvailable` then checks). */
  async record(key: string, limit: RateLimit): Promise<void> {
    await this.increment(key, limit, this.clock.now());
  }

  private async increment(key: string, limit: RateLimit, now: number) {
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
    return counter;
  }

  private async sweep(now: number): Promise<void> {
    await this.db.delete(rateLimitCounters).where(lt(rateLimitCounters.resetsAt, new Date(now)));
  }
}

function secondsUntil(resetsAt: Date, now: number): number {
  return Math.max(1, Math.ceil((resetsAt.getTime() - now) / 1000));
}

/** DRF's throttled answer, with the wait in Retry-After. */
export function throttled(seconds: number): Problem {
  return new Problem(
    429,
    { detail: `Request was throttled. Expected available in ${seconds} second${seconds === 1 ? '' : 's'}.` },
    { 'retry-after': String(seconds) },
  );
}
