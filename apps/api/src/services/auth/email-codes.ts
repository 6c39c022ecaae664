import type { Clock } from '@wingmate/runtime';
import { and, eq } from 'drizzle-orm';
import type { AppDatabase } from '../../db/database';
import { emailCodes } from '../../db/schema';
import { attemptSingleUseCode, codeRefusal, issueSingleUseCode } from './single-use-codes';

/** `email_change`: the code goes to the new address, and is good for that address only. */
export type EmailCodePurpose = 'verify' | 'reset' | 'email_change';

export type CodeCheck =
  { readonly ok: true; readonly userId: number } | { readonly ok: false; readonly error: string };

/** Where a code was sent and where a try comes from, for the codes bound or counted by them. */
export interface CodeTryOrigin {
  /** The e-mail address an e-mail change's code went to: the code is good for that address only. */
  readonly address?: string;
  /**
   * The client address (a `clientAddressKey`) of a try at a code anyone may try (a reset code): its wrong tries
   * count per address, so one address's guesses never end the owner's code (docs/decisions.md#e-mail-reset-codes).
   */
  readonly from?: string;
}

/**
 * E-mail codes (docs/product.md#accounts-and-signing-in): 6 digits, 10 minutes, 5 tries, hashed, single use
 * (`single-use-codes.ts`). One live code per user and purpose; asking again replaces it (and its tries).
 */
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
    const now = this.clock.now();
    const { code, ...live } = issueSingleUseCode(this.secret, scopeOf(purpose, address), now);
    const values = { ...live, addressAttempts: {}, createdAt: new Date(now) };
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
    { address, from }: CodeTryOrigin = {},
  ): Promise<CodeCheck> {
    const [row] = await tx
      .select()
      .from(emailCodes)
      .where(and(eq(emailCodes.userId, userId), eq(emailCodes.purpose, purpose)))
      .for('update');
    const verdict = await attemptSingleUseCode({
      stored: row,
      secret: this.secret,
      scope: scopeOf(purpose, address),
      code,
      now: this.clock.now(),
      from,
      save: (stored, change) => tx.update(emailCodes).set(change).where(eq(emailCodes.id, stored.id)),
    });
    return verdict.kind === 'right' ? { ok: true, userId } : { ok: false, error: codeRefusal(verdict) };
  }
}

/** A code is bound to its purpose and, for an e-mail change, to the new address. */
function scopeOf(purpose: EmailCodePurpose, address?: string): string {
  return address === undefined ? `email:${purpose}` : `email:${purpose}:${address.toLowerCase()}`;
}
