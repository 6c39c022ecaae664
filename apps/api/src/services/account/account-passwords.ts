import type { AuthTokens, OperationBody, operations, User } from '@wingmate/api-contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppDatabase } from '../../db/database';
import { users, type UserRow } from '../../db/schema';
import { Problem } from '../../problem';
import type { AccountAlerts } from './account-alerts';
import type { AccountConfirmations } from './account-confirmations';
import { userJson } from './accounts';
import type { SignInLockouts } from '../auth/auth-limits';
import { hashPassword, passwordMatches, passwordProblems } from '../auth/passwords';
import type { Sessions } from '../auth/sessions';

type ChangePasswordBody = OperationBody<typeof operations.changePassword>;
type SetPasswordBody = OperationBody<typeof operations.setPassword>;

export const PASSWORD_MESSAGES = {
  wrongOld: 'Your old password was entered incorrectly. Please enter it again.',
  noneYet: 'Your account has no password yet. Set one with a code instead.',
  alreadySet: 'Your account already has a password. Change it with your current password instead.',
} as const;

export interface AccountPasswordsDependencies {
  readonly db: AppDatabase;
  readonly sessions: Sessions;
  readonly lockouts: SignInLockouts;
  readonly confirmations: AccountConfirmations;
  readonly alerts: AccountAlerts;
  readonly systemNumber: string;
}

/**
 * A signed-in person's own password: changed with the current one, or set (for accounts made by PIN, e-mail code
 * or social sign-in) with a code sent to the phone or verified e-mail, never with the bearer token alone
 * (docs/decisions.md#sign-in-and-account-security). The owner is told either way.
 */
export class AccountPasswords {
  constructor(private readonly deps: AccountPasswordsDependencies) {}

  /**
   * A wrong old password counts toward the same lockout as a wrong sign-in. A change signs out every other
   * session (people change a password they fear is known); this device goes on with the pair answered.
   */
  async change(user: UserRow, body: ChangePasswordBody, ip: string): Promise<AuthTokens> {
    if (!user.passwordHash) throw Problem.field('old_password', PASSWORD_MESSAGES.noneYet);
    const { lockouts, db, sessions } = this.deps;
    const account = `user:${user.id}`;
    await lockouts.assertOpen('password', account, ip);
    if (!(await passwordMatches(user.passwordHash, body.old_password))) {
      await lockouts.failed('password', account, ip);
      throw Problem.field('old_password', PASSWORD_MESSAGES.wrongOld);
    }
    await lockouts.succeeded('password', account, ip);
    const passwordHash = await this.newPasswordHash(user, body.new_password);
    const tokens = await db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
      return sessions.start(tx, await sessions.endAll(tx, user.id));
    });
    this.deps.alerts.tell(user, {
      subject: 'Your Wingmate password was changed',
      text: 'Your Wingmate password was changed, and every other device was signed out. If this was not you, reset your password and contact support.',
    });
    return tokens;
  }

  /** Only for an account without a password; the code of `accounts/user/confirm/ {purpose: "set_password"}`. */
  async set(user: UserRow, body: SetPasswordBody): Promise<User> {
    if (user.passwordHash) throw Problem.field('non_field_errors', PASSWORD_MESSAGES.alreadySet);
    const passwordHash = await this.newPasswordHash(user, body.new_password);
    const outcome = await this.deps.db.transaction(async (tx) => {
      const check = await this.deps.confirmations.consume(tx, user.id, 'set_password', body.code);
      if (!check.ok) return check;
      const [updated] = await tx
        .update(users)
        .set({ passwordHash })
        .where(and(eq(users.id, user.id), isNull(users.passwordHash)))
        .returning();
      // Another request set one first: throwing rolls back, so this code stays unspent.
      if (!updated) throw Problem.field('non_field_errors', PASSWORD_MESSAGES.alreadySet);
      return { ok: true, user: updated } as const;
    });
    if (!outcome.ok) throw Problem.field('code', outcome.error);
    this.deps.alerts.tell(user, {
      subject: 'A password was set for your Wingmate account',
      text: 'A password was set for your Wingmate account; you can now sign in with it. If this was not you, reset your password and contact support.',
    });
    return userJson(outcome.user, this.deps.systemNumber);
  }

  private async newPasswordHash(user: UserRow, password: string): Promise<string> {
    const problems = passwordProblems(password, { email: user.email, phoneNumber: user.phoneNumber });
    if (problems.length > 0) throw Problem.fields({ new_password: problems });
    return hashPassword(password);
  }
}
