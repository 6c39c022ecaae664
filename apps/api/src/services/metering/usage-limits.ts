import { MATCH_LIMITS } from '@wingmate/api-contract';
import type { RateLimit, UsageLimitsConfig } from '../../config';
import { clientAddressKey } from '../shared/client-address';
import type { Owner } from '../owner/owner';
import type { RateLimiter } from '../shared/rate-limiter';

const HOUR_SECONDS = 60 * 60;

/**
 * Hourly limits of the AI calls other than chat and of photo uploads
 * (docs/decisions.md#money-chat-uploads-and-ai-limits), counted by the shared rate limiter in the database, so every
 * instance counts the same calls. Each call counts against the caller (account or uid) and against its address (an IPv6
 * address as its /64): new uids from one address do not mean endless generations. A visitor's address allows the
 * visitor's limit, a member's the member's. Over a limit: 429 `{detail}` with Retry-After.
 */
export class UsageLimits {
  constructor(
    private readonly limiter: RateLimiter,
    private readonly config: UsageLimitsConfig,
    /** false with `RATE_LIMITS=false` (benchmarks). */
    private readonly enabled: boolean,
  ) {}

  /** One AI generation (bio, rewrite, photo review, follow-up, roast), counted before the model is asked. */
  ai(owner: Owner, ip: string): Promise<void> {
    const max = owner.kind === 'account' ? this.config.aiMemberPerHour : this.config.aiVisitorPerHour;
    return this.check('ai', owner, ip, { max, windowSeconds: HOUR_SECONDS });
  }

  /** One photo upload, counted before the form is read. */
  upload(owner: Owner, ip: string): Promise<void> {
    return this.check('uploads', owner, ip, { max: this.config.uploadsPerHour, windowSeconds: HOUR_SECONDS });
  }

  /** One screenshot sent to a match's import (docs/decisions.md#matches), counted before the form is read. */
  screenshot(owner: Owner, ip: string): Promise<void> {
    return this.check('screenshots', owner, ip, {
      max: MATCH_LIMITS.screenshotsPerHour,
      windowSeconds: HOUR_SECONDS,
    });
  }

  private async check(name: string, owner: Owner, ip: string, limit: RateLimit): Promise<void> {
    if (!this.enabled) return;
    const caller = owner.kind === 'account' ? `user:${owner.userId}` : `uid:${owner.uid}`;
    await this.limiter.consume(`${name}:${caller}`, limit);
    await this.limiter.consume(`${name}:ip:${clientAddressKey(ip)}`, limit);
  }
}
