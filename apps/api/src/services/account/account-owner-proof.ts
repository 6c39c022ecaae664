import type { ConfirmPurpose } from '@wingmate/api-contract';
import type { AppDatabase } from '../../db/database';
import type { UserRow } from '../../db/schema';
import { Problem } from '../../problem';
import type { AccountConfirmations } from './account-confirmations';
import type { SignInLockouts } from '../auth/auth-limits';
import { passwordMatches } from '../auth/passwords';

/** What a sensitive change sends to show it is the owner: the password, or a code from `confirm/`. */
export interface OwnerProof {
  readonly password?: string;
  readonly code?: string;
}

/** What to ask for when the proof is missing, in the words of the change ("to delete your account"). */
export interface ProofRequest {
  readonly purpose: ConfirmPurpose;
  readonly askPassword: string;
  readonly askCode: string;
}

export const WRONG_PASSWORD = 'The password is not right.';
export const NOTHING_TO_CONFIRM_WITH =
  'This account has no password, phone number or verified e-mail address to confirm the change with. Contact support.';

/**
 * The proof of a sensitive change (docs/decisions.md#sign-in-and-account-security): the current password, checked under
 * the same lockout as a sign-in's password (per account and address); or, for an account without one, the code
 * `confirm/` sent for this very purpose (a code for another purpose is refused). A stolen access token alone is
 * never enough. Field errors as DRF: `{"password": [...]}` or `{"code": [...]}`.
 */
export class AccountOwnerProof {
  constructor(
    private readonly db: AppDatabase,
    private readonly lockouts: SignInLockouts,
    private readonly confirmations: AccountConfirmations,
  ) {}

  async prove(user: UserRow, proof: OwnerProof, ip: string, request: ProofRequest): Promise<void> {
    if (user.passwordHash) return this.provePassword(user.id, user.passwordHash, proof.password, ip, request);
    // Every way to make an account leaves a password, a phone or a verified address; one without would be stuck.
    if (!user.phoneNumber && !(user.email && user.emailVerifiedAt)) {
      throw Problem.field('non_field_errors', NOTHING_TO_CONFIRM_WITH);
    }
    if (!proof.code) throw Problem.field('code', request.askCode);
    const code = proof.code;
    const check = await this.db.transaction((tx) =>
      this.confirmations.consume(tx, user.id, request.purpose, code),
    );
    if (!check.ok) throw Problem.field('code', check.error);
  }

  private async provePassword(
    userId: number,
    passwordHash: string,
    password: string | undefined,
    ip: string,
    request: ProofRequest,
  ): Promise<void> {
    if (!password) throw Problem.field('password', request.askPassword);
    const account = `user:${userId}`;
    await this.lockouts.assertOpen('password', account, ip);
    if (!(await passwordMatches(passwordHash, password))) {
      await this.lockouts.failed('password', account, ip);
      throw Problem.field('password', WRONG_PASSWORD);
    }
    await this.lockouts.succeeded('password', account, ip);
  }
}
