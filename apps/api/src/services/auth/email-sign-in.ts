import type {
  Acknowledgement,
  AuthTokens,
  ConfirmResetPasswordEmailBody,
  LoginEmailBody,
  RegisterEmailBody,
  ResetPasswordEmailBody,
  UserInfo,
  VerifyEmailBody,
} from '@wingmate/api-contract';
import type { Clock } from '@wingmate/runtime';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { EmailSender } from '../../adapters/messaging/ports';
import type { AppDatabase } from '../../db/database';
import { users, type UserRow } from '../../db/schema';
import { Problem } from '../../problem';
import { linkVisitor, userByEmail, userById, userInfoJson } from '../account/accounts';
import type { AuthLimits, SignInLockouts } from './auth-limits';
import { badCredentials, deliveryFailed } from './auth-problems';
import type { RateLimiter } from '../shared/rate-limiter';
import { isUniqueViolation } from '../../db/postgres-errors';
import type { EmailCodePurpose, EmailCodes } from './email-codes';
import { CODE_MESSAGES, SINGLE_USE_CODE_MAX_TOTAL_ATTEMPTS } from './single-use-codes';
import { clientAddressKey } from '../shared/client-address';
import type { PendingWork } from '../shared/pending-work';
import { hashPassword, passwordMatches, passwordProblems } from './passwords';
import { PASSWORD_RESET_DONE } from './phone-sign-in';
import type { Sessions } from './sessions';

const EMAIL_TAKEN = 'A user with this e-mail address already exists.';
/** Verification codes mailed to one account, as PIN sends (docs/product.md#accounts-and-signing-in). */
const CODES_PER_MINUTE = { max: 1, windowSeconds: 60 };
const CODES_PER_HOUR = { max: 5, windowSeconds: 60 * 60 };
/** Reset code tries an account takes in an hour from all addresses, its codes old and new together. */
const RESET_CODE_TRIES_PER_HOUR = { max: SINGLE_USE_CODE_MAX_TOTAL_ATTEMPTS, windowSeconds: 60 * 60 };

export interface EmailSignInDependencies {
  readonly db: AppDatabase;
  readonly clock: Clock;
  readonly codes: EmailCodes;
  readonly mail: EmailSender;
  readonly sessions: Sessions;
  readonly limits: AuthLimits;
  readonly lockouts: SignInLockouts;
  readonly pendingWork: PendingWork;
  /**
   * Counts the verification codes mailed to each account (1 a minute, 5 an hour) and the tries of its reset
   * codes (50 an hour), whatever `limits` says.
   */
  readonly limiter: RateLimiter;
  /** The product's SMS number, shown to users as `system_number`. */
  readonly systemNumber: string;
  /** The free messages of a person (`FREE_MESSAGES`), counted in the user info a verification answers. */
  readonly freeMessages: number;
  readonly log: FastifyBaseLogger;
}

/** Sign-up, verification, sign-in and password reset by e-mail (docs/decisions.md#auth-appsapi). */
export class EmailSignIn {
  private readonly db: AppDatabase;
  private readonly clock: Clock;
  private readonly codes: EmailCodes;
  private readonly mail: EmailSender;
  private readonly sessions: Sessions;
  private readonly limits: AuthLimits;
  private readonly lockouts: SignInLockouts;
  private readonly pendingWork: PendingWork;
  private readonly limiter: RateLimiter;
  private readonly systemNumber: string;
  private readonly freeMessages: number;
  private readonly log: FastifyBaseLogger;

  constructor(deps: EmailSignInDependencies) {
    this.db = deps.db;
    this.clock = deps.clock;
    this.codes = deps.codes;
    this.mail = deps.mail;
    this.sessions = deps.sessions;
    this.limits = deps.limits;
    this.lockouts = deps.lockouts;
    this.pendingWork = deps.pendingWork;
    this.limiter = deps.limiter;
    this.systemNumber = deps.systemNumber;
    this.freeMessages = deps.freeMessages;
    this.log = deps.log;
  }

  /** Makes the account, signs it in and mails a verification code; without a password it signs in by code. */
  async register(body: RegisterEmailBody): Promise<AuthTokens> {
    const email = body.email.trim();
    if (body.password !== undefined) {
      const problems = passwordProblems(body.password, { email });
      if (problems.length > 0) throw Problem.fields({ password: problems });
    }
    if (await userByEmail(this.db, email)) throw Problem.field('email', EMAIL_TAKEN);
    const passwordHash = body.password === undefined ? null : await hashPassword(body.password);

    let created: { tokens: AuthTokens; code: string; userId: number };
    try {
      created = await this.db.transaction(async (tx) => {
        const [user] = await tx
          .insert(users)
          .values({
            email,
            firstName: body.first_name ?? '',
            lastName: body.last_name ?? '',
            passwordHash,
            dateJoined: new Date(this.clock.now()),
            termsAcceptedAt: body.terms_accepted ? new Date(this.clock.now()) : null,
          })
          .returning();
        if (!user) throw new Error('The new user was not returned');
        const code = await this.codes.issue(tx, user.id, 'verify');
        await linkVisitor(tx, body.uid, user.id);
        return { tokens: await this.sessions.start(tx, user), code, userId: user.id };
      });
    } catch (error) {
      // Another sign-up with this address committed first.
      if (isUniqueViolation(error, 'users_email_lower_key')) throw Problem.field('email', EMAIL_TAKEN);
      throw error;
    }
    // The sign-up's code counts as the first of the account's codes, so a resend waits for the minute.
    await this.countVerificationCode(created.userId);
    try {
      await this.sendCode(email, 'verify', created.code);
    } catch (error) {
      // No code, no account: the sign-up can simply be tried again.
      await this.db.delete(users).where(eq(users.id, created.userId));
      this.log.error({ err: error }, 'verification e-mail not sent; sign-up undone');
      throw deliveryFailed('email');
    }
    return created.tokens;
  }

  async verify(user: UserRow, body: VerifyEmailBody): Promise<UserInfo> {
    const outcome = await this.db.transaction(async (tx) => {
      const check = await this.codes.consumeForUser(tx, user.id, 'verify', body.code);
      if (check.ok) {
        await tx
          .update(users)
          .set({ emailVerifiedAt: new Date(this.clock.now()) })
          .where(eq(users.id, user.id));
      }
      return check;
    });
    if (!outcome.ok) throw Problem.field('code', outcome.error);
    const verified = await userById(this.db, user.id);
    if (!verified) throw Problem.notFound();
    return userInfoJson(this.db, verified, this.systemNumber, this.freeMessages);
  }

  /**
   * A new code to verify the signed-in user's address: the old one stops working. 1 a minute and 5 an hour per
   * account, the sign-up's code included (as PINs are); a mail server that fails answers 502, and the next try
   * waits for the minute.
   */
  async resendVerification(user: UserRow): Promise<Acknowledgement> {
    if (!user.email) throw Problem.detail(400, 'This account has no e-mail address to verify.');
    if (user.emailVerifiedAt) throw Problem.detail(400, 'This e-mail address is already verified.');
    await this.countVerificationCode(user.id);
    const code = await this.db.transaction((tx) => this.codes.issue(tx, user.id, 'verify'));
    try {
      await this.sendCode(user.email, 'verify', code);
    } catch (error) {
      this.log.error({ err: error }, 'verification e-mail not resent');
      throw deliveryFailed('email');
    }
    return { detail: 'A new code is on its way.' };
  }

  /**
   * Wrong passwords slow the address that sends them, never the owner elsewhere
   * (docs/decisions.md#sign-in-and-account-security).
   */
  async login(body: LoginEmailBody, ip: string): Promise<AuthTokens> {
    const account = body.email.trim().toLowerCase();
    await this.lockouts.assertOpen('password', account, ip);
    const user = await userByEmail(this.db, body.email.trim());
    if (!(await passwordMatches(user?.passwordHash, body.password)) || !user) {
      await this.lockouts.failed('password', account, ip);
      throw badCredentials();
    }
    await this.lockouts.succeeded('password', account, ip);
    return this.db.transaction(async (tx) => {
      await linkVisitor(tx, body.uid, user.id);
      return this.sessions.start(tx, user);
    });
  }

  /**
   * The same 200 whether or not the address has an account, at the same time: the answer goes first and the
   * code after, so neither the body nor the timing tells who has an account (a failed send is logged).
   */
  async requestReset(body: ResetPasswordEmailBody): Promise<Acknowledgement> {
    const email = body.email.trim();
    await this.limits.perAccount('resetPerAccount', email.toLowerCase());
    this.pendingWork.later('password reset e-mail', async () => {
      const user = await userByEmail(this.db, email);
      if (!user?.email) return;
      const code = await this.codes.issue(this.db, user.id, 'reset');
      await this.sendCode(user.email, 'reset', code);
    });
    return { detail: 'If an account uses this address, a reset code was sent to it.' };
  }

  /**
   * The code with its address (docs/decisions.md#e-mail-reset-codes): wrong codes count per (account, client
   * address), so another address's guesses never end the owner's code; past 5 the address waits (`lockouts`),
   * and the account takes 50 tries an hour from all addresses. The code proves the address, so a confirmed
   * reset also verifies it.
   */
  async confirmReset(body: ConfirmResetPasswordEmailBody, ip: string): Promise<Acknowledgement> {
    const email = body.email.trim();
    const account = email.toLowerCase();
    await this.limits.perAccountAndAddress('resetPerAccount', account, ip);
    await this.lockouts.assertOpen('reset', account, ip);
    const known = await userByEmail(this.db, email);
    const problems = passwordProblems(body.new_password, {
      email: known?.email ?? email,
      phoneNumber: known?.phoneNumber,
    });
    if (problems.length > 0) throw Problem.fields({ new_password: problems });
    // Counted for addresses without an account too, so a 429 tells nothing.
    await this.limiter.consume(`reset-code-tries:hour:${account}`, RESET_CODE_TRIES_PER_HOUR);
    const passwordHash = await hashPassword(body.new_password);

    const outcome = await this.db.transaction(async (tx) => {
      if (!known) return { ok: false, error: CODE_MESSAGES.invalid } as const;
      const check = await this.codes.consumeForUser(tx, known.id, 'reset', body.code, {
        from: clientAddressKey(ip),
      });
      if (!check.ok) return check;
      const now = new Date(this.clock.now());
      await tx
        .update(users)
        .set({ passwordHash, emailVerifiedAt: known.emailVerifiedAt ?? now })
        .where(eq(users.id, known.id));
      // Whoever held the old password loses their sessions with it.
      await this.sessions.endAll(tx, known.id);
      return check;
    });
    if (!outcome.ok) {
      await this.lockouts.failed('reset', account, ip);
      throw Problem.field('code', outcome.error);
    }
    await this.lockouts.succeeded('reset', account, ip);
    return { detail: PASSWORD_RESET_DONE };
  }

  private async countVerificationCode(userId: number): Promise<void> {
    await this.limiter.consume(`email-verify-send:minute:user:${userId}`, CODES_PER_MINUTE);
    await this.limiter.consume(`email-verify-send:hour:user:${userId}`, CODES_PER_HOUR);
  }

  private sendCode(to: string, purpose: EmailCodePurpose, code: string): Promise<void> {
    const subject = purpose === 'verify' ? 'Confirm your e-mail address' : 'Reset your Wingmate password';
    const action = purpose === 'verify' ? 'confirm your e-mail address' : 'set a new password';
    return this.mail.send({
      to,
      subject,
      text: `Your Wingmate code is ${code}. Enter it to ${action}. It expires in 10 minutes.\n\nIf this was not you, ignore this e-mail.`,
    });
  }
}
