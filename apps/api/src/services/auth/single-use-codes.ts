import { codeDigest, digestsEqual, sixDigitCode } from './secrets';

/**
 * The rules every 6-digit code shares (decisions.md, "E-mail" and "Phone"): phone PINs, e-mail codes and the
 * codes that confirm a sensitive change. Each is kept hashed with the server secret (under a scope naming what it
 * proves), lives 10 minutes, allows a few wrong tries and is spent by its first right use. Where a code is kept
 * (its table, one live code per key) and which message a refusal shows stay with each kind of code.
 */
export const SINGLE_USE_CODE_TTL_MS = 10 * 60 * 1000;
/** Wrong tries before a code is dead (a PIN counts them per client address; see `phone-pins.ts`). */
export const SINGLE_USE_CODE_MAX_ATTEMPTS = 5;

/** A new code, and the columns that make it the live one: hashed, no tries, not spent, 10 minutes to go. */
export interface IssuedCode {
  /** The code itself, to send; it is never stored. */
  readonly code: string;
  readonly codeHash: string;
  readonly attempts: 0;
  readonly expiresAt: Date;
  readonly consumedAt: null;
}

export function issueSingleUseCode(secret: string, scope: string, now: number): IssuedCode {
  const code = sixDigitCode();
  return {
    code,
    codeHash: codeDigest(secret, scope, code),
    attempts: 0,
    expiresAt: new Date(now + SINGLE_USE_CODE_TTL_MS),
    consumedAt: null,
  };
}

/** The stored state of a live code. */
export interface StoredCode {
  readonly codeHash: string;
  readonly expiresAt: Date;
  readonly consumedAt: Date | null;
  /** Wrong tries from anywhere. */
  readonly attempts: number;
}

/** One count of wrong tries against its limit (a PIN has two: from this address, and from all). */
export interface TryCount {
  readonly used: number;
  readonly max: number;
}

/** What an attempt writes to the stored code: one more wrong try, or the moment it was spent. */
export type CodeChange = { readonly attempts: number } | { readonly consumedAt: Date };

export interface CodeAttempt<Row extends StoredCode> {
  /** The stored code, read for update in the caller's transaction; undefined when none was issued. */
  readonly stored: Row | undefined;
  readonly secret: string;
  /** The scope the code was issued under. */
  readonly scope: string;
  /** What the caller typed. */
  readonly code: string;
  readonly now: number;
  /** The counts of wrong tries; by default the code's own `attempts` against 5. */
  tries?(stored: Row): readonly TryCount[];
  /** Writes the change in the caller's transaction (which commits even when the attempt is refused). */
  save(stored: Row, change: CodeChange): Promise<unknown>;
}

/**
 * What became of an attempt. `none`: no code, or it was spent already. `closed`: the code was not compared, as
 * it has expired or its tries are used up (both may hold; each kind of code says which it tells first).
 * `wrong`: a try was counted, and `usedUp` says whether that was the last. `right`: the code is spent now.
 */
export type CodeVerdict<Row extends StoredCode = StoredCode> =
  | { readonly kind: 'none' }
  | { readonly kind: 'closed'; readonly expired: boolean; readonly usedUp: boolean }
  | { readonly kind: 'wrong'; readonly usedUp: boolean }
  | { readonly kind: 'right'; readonly stored: Row };

/** Checks a code once: compares it (in constant time) only while it is live, counts a wrong try, spends a right one. */
export async function attemptSingleUseCode<Row extends StoredCode>(
  attempt: CodeAttempt<Row>,
): Promise<CodeVerdict<Row>> {
  const { stored, now } = attempt;
  if (!stored || stored.consumedAt) return { kind: 'none' };
  const tries = attempt.tries?.(stored) ?? [{ used: stored.attempts, max: SINGLE_USE_CODE_MAX_ATTEMPTS }];
  const expired = stored.expiresAt.getTime() <= now;
  const usedUp = tries.some((count) => count.used >= count.max);
  if (expired || usedUp) return { kind: 'closed', expired, usedUp };
  if (!digestsEqual(stored.codeHash, codeDigest(attempt.secret, attempt.scope, attempt.code))) {
    await attempt.save(stored, { attempts: stored.attempts + 1 });
    return { kind: 'wrong', usedUp: tries.some((count) => count.used + 1 >= count.max) };
  }
  await attempt.save(stored, { consumedAt: new Date(now) });
  return { kind: 'right', stored };
}

/** The refusals of e-mail and confirmation codes (a PIN's are its own: `phone-pins.ts`). */
export const CODE_MESSAGES = {
  invalid: 'Invalid or expired code.',
  dead: 'Too many wrong codes. Request a new code.',
} as const;

/** The message of a refused e-mail or confirmation code: an expired code reads as invalid, used-up tries or not. */
export function codeRefusal(verdict: Exclude<CodeVerdict, { kind: 'right' }>): string {
  switch (verdict.kind) {
    case 'none':
      return CODE_MESSAGES.invalid;
    case 'closed':
      return verdict.expired ? CODE_MESSAGES.invalid : CODE_MESSAGES.dead;
    case 'wrong':
      return verdict.usedUp ? CODE_MESSAGES.dead : CODE_MESSAGES.invalid;
  }
}
