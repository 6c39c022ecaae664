import type { RateLimit, RateLimitConfig } from '../config';
import type { RateLimiter } from './rate-limiter';

export type IpLimitName = 'signInPerIp' | 'sendsPerIp' | 'resetPerIp' | 'refreshPerIp' | 'chatPerIp';
export type AccountLimitName = 'signInPerAccount' | 'resetPerAccount' | 'chatPerAccount';

/** The configured limits of the auth calls, by IP (checked before the body is read) and by phone or e-mail. */
export class AuthLimits {
  constructor(
    private readonly limiter: RateLimiter,
    private readonly config: RateLimitConfig,
  ) {}

  perIp(name: IpLimitName, ip: string): Promise<void> {
    return this.check(`${name}:${ip}`, this.config[name]);
  }

  /** `account` is a normalised phone number, a lower-cased e-mail address, or `user:<id>`. */
  perAccount(name: AccountLimitName, account: string): Promise<void> {
    return this.check(`${name}:${account}`, this.config[name]);
  }

  private async check(key: string, limit: RateLimit): Promise<void> {
    if (this.config.enabled) await this.limiter.consume(key, limit);
  }
}
