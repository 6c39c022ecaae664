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
import type { Clock } from '@wingmate/core-sdk';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { EmailSender } from '../adapters/messaging/ports';
import type { AppDatabase } from '../db/database';
import { users, type UserRow } from '../db/schema';
import { Problem } from '../problem';
import { linkVisitor, userByEmail, userById, userInfoJson } from './accounts';
import type { AuthLimits } from './auth-limits';
import { badCredentials, deliveryFailed } from './auth-problems';
import { isUniqueViolation } from './db-errors';
import type { EmailCodePurpose, EmailCodes } from './email-codes';
import { hashPassword, passwordMatches, passwordProblems } from './passwords';
import { PASSWORD_RESET_DONE } from './phone-sign-in';
import type { RefreshTokens } from './refresh-tokens';
import type { Sessions } from './sessions';

const EMAIL_TAKEN = 'A user with this e-mail address already exists.';

/** Sign-up, verification, sign-in and password reset by e-mail (decisions.md, "Auth" and "E-mail"). */
export class EmailSignIn {
  constructor(
    private readonly db: AppDatabase,
    private readonly clock: Clock,
    private readonly codes: EmailCodes,
    private readonly mail: EmailSender,
    private readonly sessions: Sessions,
    private readonly refreshTokens: RefreshTokens,
    private readonly limits: AuthLimits,
    private readonly systemNumber: string,
    private readonly log: FastifyBaseLogger,
  ) {}

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
    return userInfoJson(this.db, verified, this.systemNumber);
  }

  async login(body: LoginEmailBody): Promise<AuthTokens> {
    await this.limits.perAccount('signInPerAccount', body.email.trim().toLowerCase());
    const user = await userByEmail(this.db, body.email.trim());
    if (!(await passwordMatches(user?.passwordHash, body.password)) || !user) throw badCredentials();
    return this.sessions.start(this.db, user);
  }

  /**
   * The same 200 whether or not the address has an account, even when the mail server fails (then logged):
   * the answer must not tell who has an account.
   */
  async requestReset(body: ResetPasswordEmailBody): Promise<Acknowledgement> {
    const email = body.email.trim();
    await this.limits.perAccount('resetPerAccount', email.toLowerCase());
    const user = await userByEmail(this.db, email);
    if (user?.email) {
      const code = await this.codes.issue(this.db, user.id, 'reset');
      await this.sendCode(user.email, 'reset', code).catch((error: unknown) => {
        this.log.error({ err: error }, 'password reset e-mail not sent');
      });
    }
    return { detail: 'If an account uses this address, a reset code was sent to it.' };
  }

  /** The code proves the address, so a confirmed reset also verifies it. */
  async confirmReset(body: ConfirmResetPasswordEmailBody): Promise<Acknowledgement> {
    const email = body.email?.trim();
    if (email) await this.limits.perAccount('resetPerAccount', email.toLowerCase());
    const known = email ? await userByEmail(this.db, email) : undefined;
    const generic = passwordProblems(body.new_password, { email: known?.email ?? email });
    if (generic.length > 0) throw Problem.fields({ new_password: generic });
    const passwordHash = await hashPassword(body.new_password);

    if (!email) await this.limits.assertCodeOnlyResetAllowed();
    const outcome = await this.db.transaction(async (tx) => {
      const check = email
        ? known
          ? await this.codes.consumeForUser(tx, known.id, 'reset', body.code)
          : ({ ok: false, error: 'Invalid or expired code.' } as const)
        : await this.codes.consumeByCode(tx, 'reset', body.code);
      if (!check.ok) return check;
      const user = await userById(tx, check.userId);
      const ownProblems = passwordProblems(body.new_password, {
        email: user?.email,
        phoneNumber: user?.phoneNumber,
      });
      // Thrown inside the transaction so that the code stays unspent for a better password.
      if (ownProblems.length > 0) throw Problem.fields({ new_password: ownProblems });
      const now = new Date(this.clock.now());
      await tx
        .update(users)
        .set({ passwordHash, emailVerifiedAt: user?.emailVerifiedAt ?? now })
        .where(eq(users.id, check.userId));
      await this.refreshTokens.revokeAllOf(tx, check.userId);
      return check;
    });
    if (!outcome.ok) {
      if (!email) await this.limits.codeOnlyResetFailed();
      throw Problem.field('code', outcome.error);
    }
    return { detail: PASSWORD_RESET_DONE };
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
