import type { Clock } from '@wingmate/runtime';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { RateLimit } from '../../config';
import type { AppDatabase } from '../../db/database';
import { rateLimitCounters } from '../../db/schema';
import { Problem } from '../../problem';

/** How often (in counted calls of one instance) expired counters are swept away. */
const SWEEP_EVERY = 500;
/**
 * The share of a window's calls one process takes from the database at once (docs/decisions.md#rate-limits-without-a-hot-row):
 * a limit of 6,000 a minute is counted in leases of 60, one upsert each, and a limit under 200 call by call.
 */
export const LEASE_SHARE = 0.01;

/** One limit to count a call against: a key (a name with an address, an account...) and its limit. */
export interface LimitCheck {
  readonly key: string;
  readonly limit: RateLimit;
}

/** Calls this process may still grant in a counter's window without asking the database. */
interface Lease {
  readonly resetsAt: number;
  left: number;
  /** The window's counter has reached the limit: nothing more is granted in it, by any process. */
  exhausted: boolean;
}

/**
 * Fixed-window counters in Postgres, so every API instance counts the same calls (docs/decisions.md#auth-appsapi).
 * One upsert per call, the checks of one call (`consumeAll`) in the same statement: atomic under concurrency, no
 * read-then-write race. A limit of 200 calls or more a window is counted in leases (`LEASE_SHARE` of the limit): a
 * process takes a lease's worth of calls in one upsert and grants them from memory, so the counter row of one busy
 * address (a campus or carrier NAT) is written a hundred times a window at most rather than once a call. Leases never grant more than the limit; calls leased by one
 * process and not used are lost to the others until the window ends, at most `LEASE_SHARE` of the limit each.
 */
export class RateLimiter {
  private calls = 0;
  private readonly leases = new Map<string, Lease>();
  private readonly taking = new Map<string, Promise<void>>();

  constructor(
    private readonly db: AppDatabase,
    private readonly clock: Clock,
  ) {}

  /** Counts one call against `key`; throws 429 `{detail}` with Retry-After once `limit.max` is passed. */
  consume(key: string, limit: RateLimit): Promise<void> {
    return this.consumeAll([{ key, limit }]);
  }

  /**
   * Counts one call against every check at once (a chat send's address and account): the checks counted call by
   * call share one upsert, one round trip instead of one each, and leased ones are granted as `consume` grants
   * them. Every check is counted; then 429 with the longest wait when any of them is over its limit.
   */
  async consumeAll(checks: readonly LimitCheck[]): Promise<void> {
    const now = this.clock.now();
    const waits = await Promise.all([
      this.countByCall(
        checks.filter((check) => leaseSize(check.limit) === 1),
        now,
      ),
      ...checks
        .filter((check) => leaseSize(check.limit) > 1)
        .map((check) => this.grantFromLease(check.key, check.limit)),
    ]);
    const longest = Math.max(0, ...waits.flat().filter((wait) => wait !== undefined));
    if (longest > 0) throw throttled(longest);
  }

  /** Limits under 200 a window, one upsert for all: the seconds to wait for each that is over its limit. */
  private async countByCall(checks: readonly LimitCheck[], now: number): Promise<(number | undefined)[]> {
    if (checks.length === 0) return [];
    const counters = await this.increment(checks, now, 1);
    return checks.map(({ key, limit }) => {
      const counter = counters.get(key);
      if (!counter) throw new Error(`The rate limit counter ${key} was not written`);
      return counter.count > limit.max ? secondsUntil(counter.resetsAt, now) : undefined;
    });
  }

  /** A leased limit's call, from this process's lease (renewed when used up): the wait when the window is full. */
  private async grantFromLease(key: string, limit: RateLimit): Promise<number | undefined> {
    const size = leaseSize(limit);
    for (;;) {
      const now = this.clock.now();
      const lease = this.leases.get(key);
      if (lease && now < lease.resetsAt) {
        if (lease.left > 0) {
          lease.left -= 1;
          return undefined;
        }
        if (lease.exhausted) return secondsUntil(new Date(lease.resetsAt), now);
      }
      await this.renewLease(key, limit, now, size);
    }
  }

  /** One upsert a key at a time in this process: calls that find a lease being taken wait for it. */
  private renewLease(key: string, limit: RateLimit, now: number, size: number): Promise<void> {
    let taking = this.taking.get(key);
    if (!taking) {
      taking = this.takeLease(key, limit, now, size).finally(() => this.taking.delete(key));
      this.taking.set(key, taking);
    }
    return taking;
  }

  /** Takes up to `size` more calls of the window for this process: fewer when the limit is nearer. */
  private async takeLease(key: string, limit: RateLimit, now: number, size: number): Promise<void> {
    const counter = (await this.increment([{ key, limit }], now, size)).get(key);
    if (!counter) throw new Error(`The rate limit counter ${key} was not written`);
    const granted = Math.max(0, Math.min(size, limit.max - (counter.count - size)));
    const resetsAt = counter.resetsAt.getTime();
    const previous = this.leases.get(key);
    const kept = previous && previous.resetsAt === resetsAt ? previous.left : 0;
    this.leases.set(key, { resetsAt, left: kept + granted, exhausted: counter.count >= limit.max });
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
    await this.increment([{ key, limit }], this.clock.now(), 1);
  }

  /**
   * Adds `calls` to each check's counter in one statement (a new window starts at `calls`); answers each key's
   * count and window's end. The keys must differ: one statement may not update a row twice.
   */
  private async increment(checks: readonly LimitCheck[], now: number, calls: number) {
    const nowText = new Date(now).toISOString();
    const expired = sql`${rateLimitCounters.resetsAt} <= ${nowText}::timestamptz`;
    // In the keys' order: two statements locking the same rows lock them in the same order, so never deadlock.
    const rows = [...checks]
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
      .map(({ key, limit }) => {
        const resetsText = new Date(now + limit.windowSeconds * 1000).toISOString();
        return { key, count: calls, resetsAt: sql`${resetsText}::timestamptz` };
      });
    const counters = await this.db
      .insert(rateLimitCounters)
      .values(rows)
      .onConflictDoUpdate({
        target: rateLimitCounters.key,
        set: {
          count: sql`case when ${expired} then excluded.count else ${rateLimitCounters.count} + excluded.count end`,
          resetsAt: sql`case when ${expired} then excluded.resets_at else ${rateLimitCounters.resetsAt} end`,
        },
      })
      .returning({
        key: rateLimitCounters.key,
        count: rateLimitCounters.count,
        resetsAt: rateLimitCounters.resetsAt,
      });
    if (++this.calls % SWEEP_EVERY === 0) await this.sweep(now);
    return new Map(counters.map(({ key, ...counter }) => [key, counter]));
  }

  private async sweep(now: number): Promise<void> {
    for (const [key, lease] of this.leases) if (lease.resetsAt <= now) this.leases.delete(key);
    await this.db.delete(rateLimitCounters).where(lt(rateLimitCounters.resetsAt, new Date(now)));
  }
}

/** Calls taken from the database at once: 1 under 200 a window (counted call by call, as exactly as before). */
export function leaseSize(limit: RateLimit): number {
  return Math.max(1, Math.floor(limit.max * LEASE_SHARE));
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
