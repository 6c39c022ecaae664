import type { Clock } from '@wingmate/runtime';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { RateLimitConfig } from '../../config';
import type { AppDatabase } from '../../db/database';
import { signInFailures } from '../../db/schema';
import { clientAddressKey } from '../shared/client-address';
import { throttled, type LimitCheck, type RateLimiter } from '../shared/rate-limiter';

export type IpLimitName =
  'signInPerIp' | 'sendsPerIp' | 'resetPerIp' | 'refreshPerIp' | 'chatPerIp' | 'conversionsPerIp';
export type AccountLimitName = 'resetPerAccount' | 'chatPerAccount';
export type UidLimitName = 'conversionsPerUid';

/**
 * The configured limits of the auth, chat and conversion calls, by IP (checked before the body is read), by phone
 * or e-mail, and by posted uid.
 */
export class AuthLimits {
  constructor(
    private readonly limiter: RateLimiter,
    private readonly config: RateLimitConfig,
  ) {}

  perIp(name: IpLimitName, ip: string): Promise<void> {
    return this.check(this.ipCheck(name, ip));
  }

  /** `account` is a normalised phone number, a lower-cased e-mail address, or `user:<id>`. */
  perAccount(name: AccountLimitName, account: string): Promise<void> {
    return this.check(this.accountCheck(name, account));
  }

  /**
   * Per IP and per account at once, as a signed-in chat send counts (docs/decisions.md#chat-limits-count-attempts):
   * both are counted, in one round trip when both are counted call by call, and either may answer 429.
   */
  perIpAndAccount(
    ipName: IpLimitName,
    ip: string,
    accountName: AccountLimitName,
    account: string,
  ): Promise<void> {
    return this.check(this.ipCheck(ipName, ip), this.accountCheck(accountName, account));
  }

  /** Per visitor id (`uid`), as the body posts it, signed in or not. */
  perUid(name: UidLimitName, uid: string): Promise<void> {
    return this.check({ key: `${name}:uid:${uid}`, limit: this.config[name] });
  }

  /**
   * Per (account, client address): what one address does to an account never slows the owner at another
   * address (docs/decisions.md#sign-in-and-account-security).
   */
  perAccountAndAddress(name: AccountLimitName, account: string, ip: string): Promise<void> {
    return this.check({ key: `${name}:${account}:${clientAddressKey(ip)}`, limit: this.config[name] });
  }

  private ipCheck(name: IpLimitName, ip: string): LimitCheck {
    return { key: `${name}:${clientAddressKey(ip)}`, limit: this.config[name] };
  }

  private accountCheck(name: AccountLimitName, account: string): LimitCheck {
    return { key: `${name}:${account}`, limit: this.config[name] };
  }

  /** Counts the call against every check at once (off with `RATE_LIMITS=false`). */
  private async check(...checks: LimitCheck[]): Promise<void> {
    if (this.config.enabled) await this.limiter.consumeAll(checks);
  }
}

/** Wrong tries allowed before the first wait (typos), then waits of 1 s, 2 s, 4 s... */
export const FREE_FAILURES = 5;
/** The longest wait (docs/decisions.md#sign-in-and-account-security). */
export const MAX_LOCKOUT_SECONDS = 15 * 60;
/** A quiet day forgets an address's failures. */
const FORGET_FAILURES_MS = 24 * 60 * 60 * 1000;
const SWEEP_EVERY = 200;

/** What is being guessed: a password (phone or e-mail sign-in), a sign-in PIN, a reset PIN or code. */
export type SecretKind = 'password' | 'pin' | 'reset';

/**
 * Growing waits after wrong passwords and PINs, per (account, client address): the /64 for IPv6, else the IP.
 * The address that guesses waits, doubling from 1 s up to 15 minutes; the owner at another address is never
 * slowed by it. A right answer from the address clears its failures. Off with the other limits
 * (`RATE_LIMITS=false`, benchmarks only); the PIN's own tries still hold then.
 */
export class SignInLockouts {
  private calls = 0;

  constructor(
    private readonly db: AppDatabase,
    private readonly clock: Clock,
    private readonly enabled: boolean,
  ) {}

  /** Throws 429 with Retry-After while this address must wait before trying this account again. */
  async assertOpen(kind: SecretKind, account: string, ip: string): Promise<void> {
    if (!this.enabled) return;
    const now = this.clock.now();
    const [row] = await this.db
      .select({ blockedUntil: signInFailures.blockedUntil })
      .from(signInFailures)
      .where(
        and(
          eq(signInFailures.key, lockoutKey(kind, account, ip)),
          gt(signInFailures.expiresAt, new Date(now)),
        ),
      );
    const blockedUntil = row?.blockedUntil?.getTime();
    if (blockedUntil !== undefined && blockedUntil > now) {
      throw throttled(Math.max(1, Math.ceil((blockedUntil - now) / 1000)));
    }
  }

  /** Counts a wrong answer; past the free ones the address waits 2^(n - free - 1) seconds, at most 15 minutes. */
  async failed(kind: SecretKind, account: string, ip: string): Promise<void> {
    if (!this.enabled) return;
    const now = this.clock.now();
    const nowText = new Date(now).toISOString();
    const expires = new Date(now + FORGET_FAILURES_MS).toISOString();
    const forgotten = sql`${signInFailures.expiresAt} <= ${nowText}::timestamptz`;
    const failures = sql`case when ${forgotten} then 1 else ${signInFailures.failures} + 1 end`;
    const [row] = await this.db
      .insert(signInFailures)
      .values({ key: lockoutKey(kind, account, ip), failures: 1, expiresAt: sql`${expires}::timestamptz` })
      .onConflictDoUpdate({
        target: signInFailures.key,
        set: { failures, expiresAt: sql`excluded.expires_at` },
      })
      .returning({ key: signInFailures.key, failures: signInFailures.failures });
    if (row && row.failures > FREE_FAILURES) {
      const seconds = Math.min(MAX_LOCKOUT_SECONDS, 2 ** Math.min(30, row.failures - FREE_FAILURES - 1));
      await this.db
        .update(signInFailures)
        .set({ blockedUntil: new Date(now + seconds * 1000) })
        .where(eq(signInFailures.key, row.key));
    }
    if (++this.calls % SWEEP_EVERY === 0) {
      await this.db.delete(signInFailures).where(lt(signInFailures.expiresAt, new Date(now)));
    }
  }

  /** A right answer clears this address's failures on this account. */
  async succeeded(kind: SecretKind, account: string, ip: string): Promise<void> {
    if (!this.enabled) return;
    await this.db.delete(signInFailures).where(eq(signInFailures.key, lockoutKey(kind, account, ip)));
  }
}

function lockoutKey(kind: SecretKind, account: string, ip: string): string {
  return `${kind}:${account}:${clientAddressKey(ip)}`;
}
