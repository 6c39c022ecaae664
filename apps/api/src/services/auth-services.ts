import type { Clock } from '@wingmate/core-sdk';
import type { FastifyBaseLogger } from 'fastify';
import type { AppleTokenVerifier, GoogleTokenVerifier } from '../adapters/identity/ports';
import type { EmailSender, SmsSender } from '../adapters/messaging/ports';
import type { Config } from '../config';
import type { AppDatabase } from '../db/database';
import { AccessTokens } from './access-tokens';
import { AuthLimits } from './auth-limits';
import { EmailCodes } from './email-codes';
import { EmailSignIn } from './email-sign-in';
import { LoginTokens } from './login-tokens';
import { PhonePins } from './phone-pins';
import { PhoneSignIn } from './phone-sign-in';
import { RateLimiter } from './rate-limiter';
import { RefreshTokens } from './refresh-tokens';
import { Sessions } from './sessions';
import { SocialSignIn } from './social-sign-in';

export interface AuthServiceDependencies {
  readonly db: AppDatabase;
  readonly config: Config;
  readonly clock: Clock;
  readonly smsSender: SmsSender;
  readonly emailSender: EmailSender;
  readonly googleVerifier: GoogleTokenVerifier;
  readonly appleVerifier: AppleTokenVerifier;
  readonly log: FastifyBaseLogger;
}

/** Every sign-in service, wired once per server. */
export interface AuthServices {
  readonly config: Config;
  readonly limiter: RateLimiter;
  readonly limits: AuthLimits;
  readonly accessTokens: AccessTokens;
  readonly refreshTokens: RefreshTokens;
  readonly loginTokens: LoginTokens;
  readonly sessions: Sessions;
  readonly phone: PhoneSignIn;
  readonly email: EmailSignIn;
  readonly social: SocialSignIn;
  readonly googleVerifier: GoogleTokenVerifier;
  readonly appleVerifier: AppleTokenVerifier;
}

export function createAuthServices(deps: AuthServiceDependencies): AuthServices {
  const { db, config, clock } = deps;
  const limiter = new RateLimiter(db, clock);
  const limits = new AuthLimits(limiter, config.rateLimits);
  const accessTokens = new AccessTokens(config.jwtSecret, clock);
  const refreshTokens = new RefreshTokens(db, clock);
  const sessions = new Sessions(accessTokens, refreshTokens, config.systemNumber);
  const pins = new PhonePins(db, clock, config.jwtSecret, deps.smsSender, limiter);
  const codes = new EmailCodes(clock, config.jwtSecret);
  return {
    config,
    limiter,
    limits,
    accessTokens,
    refreshTokens,
    loginTokens: new LoginTokens(db, clock),
    sessions,
    phone: new PhoneSignIn(db, clock, pins, sessions, refreshTokens, limits),
    email: new EmailSignIn(
      db,
      clock,
      codes,
      deps.emailSender,
      sessions,
      refreshTokens,
      limits,
      config.systemNumber,
      deps.log,
    ),
    social: new SocialSignIn(db, clock, sessions),
    googleVerifier: deps.googleVerifier,
    appleVerifier: deps.appleVerifier,
  };
}
