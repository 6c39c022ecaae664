import { codeDigest, digestsEqual, sixDigitCode } from './secrets';

/**
 * The rules every 6-digit code shares (docs/product.md#accounts-and-signing-in): phone PINs, e-mail codes and the
 * codes that confirm a sensitive change. Each is kept hashed with the server secret (under a scope naming what it
 * proves), lives 10 minutes, allows a few wrong tries and is spent by its first right use. Where a code is kept
 * (its table, one live code per key) and which message a refusal shows stay with each kind of code.
 */
export const SINGLE_USE_CODE_TTL_MS = 10 * 60 * 1000;
/** Wrong tries before a code is dead; a code counted by client address allows them per address. */
export const SINGLE_USE_CODE_MAX_ATTEMPTS = 5;
/**
 * Wrong tries from every address together before a code counted by address is dead for everyone (1 in 20,000
 * guessed): codes anyone may try (PINs, e-mail reset codes), where one address must not end the owner's code.
 */
export const SINGLE_USE_CODE_MAX_TOTAL_ATTEMPTS = 50;

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

/** Wrong tries by client address (a `clientAddressKey`: the /64 or the IP). */
export type AddressAttempts = Readonly<Record<string, number>>;

/** The stored state of a live code. */
export interface StoredCode {
  readonly codeHash: string;
  readonly expiresAt: Date;
  readonly consumedAt: Date | null;
  /** Wrong tries from anywhere. */
  readonly attempts: number;
  /** Wrong tries by address, kept by the codes that count them so (reset on each new code). */
  readonly addressAttempts?: AddressAttempts | null;
}

/** One count of wrong tries against its limit (a code counted by address has two: this address's, and all). */
export interface TryCount {
  readonly used: number;
  readonly max: number;
}

/**
 * What an attempt writes to the stored code: one more wrong try (and, counted by address, the address's new
 * count), or the moment it was spent.
 */
export type CodeChange =
  { readonly attempts: number; readonly addressAttempts?: AddressAttempts } | { readonly consumedAt: Date };

export interface CodeAttempt<Row extends StoredCode> {
  /** The stored code, read for update in the caller's transaction; undefined when none was issued. */
  readonly stored: Row | undefined;
  readonly secret: string;
  /** The scope the code was issued under. */
  readonly scope: string;
  /** What the caller typed. */
  readonly code: string;
  readonly now: number;
  /**
   * The client address the try comes from, for a code counted by address: 5 wrong tries end it for that address
   * only, 50 from all addresses for everyone. Without it, 5 wrong tries from anywhere end the code.
   */
  readonly from?: string;
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
  const tries = triesOf(stored, attempt.from);
  const expired = stored.expiresAt.getTime() <= now;
  const usedUp = tries.some((count) => count.used >= count.max);
  if (expired || usedUp) return { kind: 'closed', expired, usedUp };
  if (!digestsEqual(stored.codeHash, codeDigest(attempt.secret, attempt.scope, attempt.code))) {
    await attempt.save(stored, wrongTry(stored, attempt.from));
    return { kind: 'wrong', usedUp: tries.some((count) => count.used + 1 >= count.max) };
  }
  await attempt.save(stored, { consumedAt: new Date(now) });
  return { kind: 'right', stored };
}

/** The counts a try is held to: the code's own 5, or by address this address's 5 and everyone's 50. */
function triesOf(stored: StoredCode, from: string | undefined): readonly TryCount[] {
  if (from === undefined) return [{ used: stored.attempts, max: SINGLE_USE_CODE_MAX_ATTEMPTS }];
  return [
    { used: stored.addressAttempts?.[from] ?? 0, max: SINGLE_USE_CODE_MAX_ATTEMPTS },
    { used: stored.attempts, max: SINGLE_USE_CODE_MAX_TOTAL_ATTEMPTS },
  ];
}

/** One more wrong try, counted for the address too when the code counts by address. */
function wrongTry(stored: StoredCode, from: string | undefined): CodeChange {
  const attempts = stored.attempts + 1;
  if (from === undefined) return { attempts };
  const byAddress = stored.addressAttempts ?? {};
  return { attempts, addressAttempts: { ...byAddress, [from]: (byAddress[from] ?? 0) + 1 } };
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
