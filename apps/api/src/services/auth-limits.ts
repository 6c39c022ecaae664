import type { RateLimit, RateLimitConfig } from '../config';
import { clientAddressKey } from './client-address';
import type { RateLimiter } from './rate-limiter';

export type IpLimitName = 'signInPerIp' | 'sendsPerIp' | 'resetPerIp' | 'refreshPerIp' | 'chatPerIp';
export type AccountLimitName = 'signInPerAccount' | 'resetPerAccount' | 'chatPerAccount';

const CODE_ONLY_RESET_FAILURES = 'email-reset-code-only-failures';

/** The configured limits of the auth calls, by IP (checked before the body is read) and by phone or e-mail. */
export class AuthLimits {
  constructor(
    private readonly limiter: RateLimiter,
    private readonly config: RateLimitConfig,
  ) {}

  perIp(name: IpLimitName, ip: string): Promise<void> {
    return this.check(`${name}:${clientAddressKey(ip)}`, this.config[name]);
  }

  /** `account` is a normalised phone number, a lower-cased e-mail address, or `user:<id>`. */
  perAccount(name: AccountLimitName, account: string): Promise<void> {
    return this.check(`${name}:${account}`, this.config[name]);
  }

  /**
   * Reset codes confirmed without an e-mail address (the spec's client sends only the code) are guessed against
   * every live code at once, so failures share one budget for the whole service; it holds even with the other
   * limits switched off.
   */
  async assertCodeOnlyResetAllowed(): Promise<void> {
    await this.limiter.assertAvailable(CODE_ONLY_RESET_FAILURES, this.config.codeOnlyResetFailures);
  }

  async codeOnlyResetFailed(): Promise<void> {
    await this.limiter.record(CODE_ONLY_RESET_FAILURES, this.config.codeOnlyResetFailures);
  }

  private async check(key: string, limit: RateLimit): Promise<void> {
    if (this.config.enabled) await this.limiter.consume(key, limit);
  }
}
