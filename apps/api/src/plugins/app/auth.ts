import type { Clock } from '@wingmate/runtime';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppleTokenVerifier, GoogleTokenVerifier } from '../../adapters/identity/ports';
import type { EmailSender, SmsSender } from '../../adapters/messaging/ports';
import type { Config } from '../../config';
import type { AppDatabase } from '../../db/database';
import { AccessTokens } from '../../services/auth/access-tokens';
import { AccountAlerts } from '../../services/account/account-alerts';
import { AccountConfirmations } from '../../services/account/account-confirmations';
import { EmailChange } from '../../services/account/account-email-change';
import { AccountOwnerProof } from '../../services/account/account-owner-proof';
import { AccountPasswords } from '../../services/account/account-passwords';
import { AuthLimits, SignInLockouts } from '../../services/auth/auth-limits';
import { EmailCodes } from '../../services/auth/email-codes';
import { EmailSignIn } from '../../services/auth/email-sign-in';
import { LoginTokens } from '../../services/auth/login-tokens';
import { PendingWork } from '../../services/shared/pending-work';
import { SignedInUserReads, sessionUsersReader } from '../../services/account/signed-in-user-reads';
import { PhonePins } from '../../services/auth/phone-pins';
import { PhoneSignIn } from '../../services/auth/phone-sign-in';
import { RateLimiter } from '../../services/shared/rate-limiter';
import { RefreshTokens } from '../../services/auth/refresh-tokens';
import { Sessions } from '../../services/auth/sessions';
import { SocialSignIn } from '../../services/auth/social-sign-in';

declare module 'fastify' {
  interface FastifyInstance {
    /** The sign-in and account services; `plugins/auth.ts` authenticates requests with them. */
    auth: AuthServices;
  }
}

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
  /** Each signed-in request's user row with its session, read fresh, one query per turn of the event loop. */
  readonly signedInUsers: SignedInUserReads;
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
    signedInUsers: new SignedInUserReads(sessionUsersReader(db)),
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
      limiter,
      systemNumber: config.systemNumber,
      freeMessages: config.metering.freeMessages,
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

/** The outside services sign-in uses; the database and the logger are the app's. */
export type AuthOptions = Omit<AuthServiceDependencies, 'db' | 'log'>;

/**
 * Sign-in and the account's own services, built once and shared with the routes as `app.auth`; the sends started
 * after an answer (reset codes, change notices) finish before the server closes.
 */
export const authServicesPlugin = fp(
  // eslint-disable-next-line @typescript-eslint/require-await -- Fastify plugin: only a returned promise carries a throw to register()
  async (app: FastifyInstance, options: AuthOptions) => {
    const services = createAuthServices({ ...options, db: app.database.db, log: app.log });
    app.decorate('auth', services);
    // Registered after the database plugin, so this runs before the database closes.
    app.addHook('onClose', async () => services.pendingWork.settled());
  },
  { name: 'auth-services', dependencies: ['database'] },
);
