import type { Clock } from '@wingmate/core-sdk';
import type { FastifyBaseLogger } from 'fastify';
import type { AppleTokenVerifier, GoogleTokenVerifier } from '../../adapters/identity/ports';
import type { EmailSender, SmsSender } from '../../adapters/messaging/ports';
import type { Config } from '../../config';
import type { AppDatabase } from '../../db/database';
import { AccessTokens } from './access-tokens';
import { AccountAlerts } from '../account/account-alerts';
import { AccountConfirmations } from '../account/account-confirmations';
import { EmailChange } from '../account/account-email-change';
import { AccountOwnerProof } from '../account/account-owner-proof';
import { AccountPasswords } from '../account/account-passwords';
import { AuthLimits, SignInLockouts } from './auth-limits';
import { EmailCodes } from './email-codes';
import { EmailSignIn } from './email-sign-in';
import { LoginTokens } from './login-tokens';
import { PendingWork } from '../shared/pending-work';
import { PhonePins } from './phone-pins';
import { PhoneSignIn } from './phone-sign-in';
import { RateLimiter } from '../shared/rate-limiter';
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
  readonly clock: Clock;
  readonly limiter: RateLimiter;
  readonly limits: AuthLimits;
  readonly lockouts: SignInLockouts;
  /** Sends that run after the answer (reset codes, change notices); tests await `settled()`. */
  readonly pendingWork: PendingWork;
  readonly confirmations: AccountConfirmations;
  /** The password or `confirm/` code that a sensitive change of the account needs. */
  readonly ownerProof: AccountOwnerProof;
  readonly smsSender: SmsSender;
  readonly emailSender: EmailSender;
  readonly accessTokens: AccessTokens;
  readonly refreshTokens: RefreshTokens;
  readonly loginTokens: LoginTokens;
  readonly sessions: Sessions;
  readonly phone: PhoneSignIn;
  readonly email: EmailSignIn;
  readonly social: SocialSignIn;
  /** The signed-in person's own password: change it, or set a first one. */
  readonly passwords: AccountPasswords;
  readonly emailChange: EmailChange;
  readonly googleVerifier: GoogleTokenVerifier;
  readonly appleVerifier: AppleTokenVerifier;
}

export function createAuthServices(deps: AuthServiceDependencies): AuthServices {
  const { db, config, clock } = deps;
  const limiter = new RateLimiter(db, clock);
  const limits = new AuthLimits(limiter, config.rateLimits);
  const accessTokens = new AccessTokens(config.jwtSecret, clock);
  const refreshTokens = new RefreshTokens(db, clock);
  const loginTokens = new LoginTokens(db, clock);
  const sessions = new Sessions(db, accessTokens, refreshTokens, loginTokens, config.systemNumber);
  const pins = new PhonePins(db, clock, config.jwtSecret, deps.smsSender, limiter);
  const codes = new EmailCodes(clock, config.jwtSecret);
  const lockouts = new SignInLockouts(db, clock, config.rateLimits.enabled);
  const pendingWork = new PendingWork(deps.log);
  const confirmations = new AccountConfirmations(
    db,
    clock,
    config.jwtSecret,
    deps.smsSender,
    deps.emailSender,
    pins,
    limiter,
  );
  const ownerProof = new AccountOwnerProof(db, lockouts, confirmations);
  const alerts = new AccountAlerts(pendingWork, deps.smsSender, deps.emailSender);
  return {
    config,
    clock,
    limiter,
    limits,
    lockouts,
    pendingWork,
    confirmations,
    ownerProof,
    smsSender: deps.smsSender,
    emailSender: deps.emailSender,
    accessTokens,
    refreshTokens,
    loginTokens,
    sessions,
    phone: new PhoneSignIn({
      db,
      clock,
      pins,
      sessions,
      limits,
      lockouts,
      confirmations,
      pendingWork,
      sms: deps.smsSender,
      mail: deps.emailSender,
      systemNumber: config.systemNumber,
    }),
    email: new EmailSignIn({
      db,
      clock,
      codes,
      mail: deps.emailSender,
      sessions,
      limits,
      lockouts,
      pendingWork,
      systemNumber: config.systemNumber,
      log: deps.log,
    }),
    social: new SocialSignIn(db, clock, sessions),
    passwords: new AccountPasswords({
      db,
      sessions,
      lockouts,
      confirmations,
      alerts,
      systemNumber: config.systemNumber,
    }),
    emailChange: new EmailChange({
      db,
      clock,
      codes,
      mail: deps.emailSender,
      limiter,
      alerts,
      ownerProof,
      systemNumber: config.systemNumber,
      log: deps.log,
    }),
    googleVerifier: deps.googleVerifier,
    appleVerifier: deps.appleVerifier,
  };
}
