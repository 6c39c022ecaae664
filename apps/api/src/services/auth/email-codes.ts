import type { Clock } from '@wingmate/core-sdk';
import { and, eq } from 'drizzle-orm';
import type { AppDatabase } from '../../db/database';
import { emailCodes } from '../../db/schema';
import { codeDigest, digestsEqual, sixDigitCode } from './secrets';

/** E-mail codes (decisions.md, "E-mail"): 6 digits, 10 minutes, 5 tries, hashed, single use. */
export const EMAIL_CODE_TTL_MS = 10 * 60 * 1000;
export const EMAIL_CODE_MAX_ATTEMPTS = 5;

/** `email_change`: the code goes to the new address, and is good for that address only. */
export type EmailCodePurpose = 'verify' | 'reset' | 'email_change';

export type CodeCheck =
  { readonly ok: true; readonly userId: number } | { readonly ok: false; readonly error: string };

export const CODE_MESSAGES = {
  invalid: 'Invalid or expired code.',
  dead: 'Too many wrong codes. Request a new code.',
} as const;

/** One live code per user and purpose; asking again replaces it. */
export class EmailCodes {
  constructor(
    private readonly clock: Clock,
    private readonly secret: string,
  ) {}

  /**
   * Stores a new code inside the caller's transaction and returns it, for the caller to send after commit.
   * `address` binds the code to an address (an e-mail change): the same code with another address is wrong.
   */
  async issue(tx: AppDatabase, userId: number, purpose: EmailCodePurpose, address?: string): Promise<string> {
    const code = sixDigitCode();
    const now = this.clock.now();
    const values = {
      codeHash: this.digest(purpose, code, address),
      attempts: 0,
      expiresAt: new Date(now + EMAIL_CODE_TTL_MS),
      consumedAt: null,
      createdAt: new Date(now),
    };
    await tx
      .insert(emailCodes)
      .values({ userId, purpose, ...values })
      .onConflictDoUpdate({ target: [emailCodes.userId, emailCodes.purpose], set: values });
    return code;
  }

  /** Checks the user's code; a wrong one counts a try, which the caller commits (so it returns, never throws). */
  async consumeForUser(
    tx: AppDatabase,
    userId: number,
    purpose: EmailCodePurpose,
    code: string,
    address?: string,
  ): Promise<CodeCheck> {
    const [row] = await tx
      .select()
      .from(emailCodes)
      .where(and(eq(emailCodes.userId, userId), eq(emailCodes.purpose, purpose)))
      .for('update');
    const now = this.clock.now();
    if (!row || row.consumedAt || row.expiresAt.getTime() <= now)
      return { ok: false, error: CODE_MESSAGES.invalid };
    if (row.attempts >= EMAIL_CODE_MAX_ATTEMPTS) return { ok: false, error: CODE_MESSAGES.dead };
    if (!digestsEqual(row.codeHash, this.digest(purpose, code, address))) {
      const attempts = row.attempts + 1;
      await tx.update(emailCodes).set({ attempts }).where(eq(emailCodes.id, row.id));
      return {
        ok: false,
        error: attempts >= EMAIL_CODE_MAX_ATTEMPTS ? CODE_MESSAGES.dead : CODE_MESSAGES.invalid,
      };
    }
    await tx
      .update(emailCodes)
      .set({ consumedAt: new Date(now) })
      .where(eq(emailCodes.id, row.id));
    return { ok: true, userId };
  }

  private digest(purpose: EmailCodePurpose, code: string, address?: string): string {
    const context = address === undefined ? `email:${purpose}` : `email:${purpose}:${address.toLowerCase()}`;
    return codeDigest(this.secret, context, code);
  }
}
