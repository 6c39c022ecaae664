import type { Clock } from '@wingmate/runtime';
import { and, eq } from 'drizzle-orm';
import type { AppDatabase } from '../../db/database';
import { phonePins } from '../../db/schema';
import { DeliveryError, type SmsSender } from '../../adapters/messaging/ports';
import { deliveryFailed } from './auth-problems';
import type { RateLimiter } from '../shared/rate-limiter';
import { attemptSingleUseCode, issueSingleUseCode } from './single-use-codes';

// PIN rules (docs/product.md#accounts-and-signing-in, docs/decisions.md#sign-in-and-account-security): 6 digits,
// 10 minutes, 5 tries per client address and 50 from all (`single-use-codes.ts`), 1 send a minute, 5 an hour.
const SENDS_PER_MINUTE = { max: 1, windowSeconds: 60 };
const SENDS_PER_HOUR = { max: 5, windowSeconds: 60 * 60 };

export type PinKind = 'verify' | 'reset';
export type PinPurpose = 'signup' | 'login' | 'reset' | 'phone_change';
export type PinRow = typeof phonePins.$inferSelect;

export interface PinRequest {
  readonly phoneNumber: string;
  readonly purpose: PinPurpose;
  readonly userId?: number | null;
  readonly firstName?: string | null;
  readonly lastName?: string | null;
  readonly uid?: string | null;
  /** When the sign-up accepted the terms: the account this PIN makes keeps it. */
  readonly termsAcceptedAt?: Date | null;
}

export type PinCheck =
  { readonly ok: true; readonly pin: PinRow } | { readonly ok: false; readonly error: string };

export const PIN_MESSAGES = {
  none: 'No code is pending for this phone number. Request a new code.',
  expired: 'This code has expired. Request a new code.',
  dead: 'Too many wrong codes. Request a new code.',
  wrong: 'Invalid code.',
} as const;

/**
 * One live PIN per phone number and kind: asking again replaces it (and resets its tries). `verify` PINs are
 * what `/verify/` checks (sign-up, sign-in by PIN, phone change); `reset` PINs prove a password reset.
 */
export class PhonePins {
  constructor(
    private readonly db: AppDatabase,
    private readonly clock: Clock,
    private readonly secret: string,
    private readonly sms: SmsSender,
    private readonly limiter: RateLimiter,
  ) {}

  /** Stores a new PIN and texts it; throws 429 when the number had one too recently (unless already counted). */
  async send(request: PinRequest, options: { counted?: boolean } = {}): Promise<void> {
    if (!options.counted) await this.countSend(request.phoneNumber);
    const kind = kindOf(request.purpose);
    const now = this.clock.now();
    const issued = issueSingleUseCode(this.secret, scopeOf(kind, request.phoneNumber), now);
    const pin = issued.code;
    const values = {
      purpose: request.purpose,
      userId: request.userId ?? null,
      pinHash: issued.codeHash,
      attempts: issued.attempts,
      expiresAt: issued.expiresAt,
      consumedAt: issued.consumedAt,
      addressAttempts: {},
      lastSentAt: new Date(now),
      firstName: request.firstName ?? null,
      lastName: request.lastName ?? null,
      uid: request.uid ?? null,
      termsAcceptedAt: request.termsAcceptedAt ?? null,
    };
    await this.db
      .insert(phonePins)
      .values({ phoneNumber: request.phoneNumber, kind, ...values })
      .onConflictDoUpdate({ target: [phonePins.phoneNumber, phonePins.kind], set: values });
    try {
      await this.sms.send(request.phoneNumber, `Your Wingmate code is ${pin}. It expires in 10 minutes.`);
    } catch (error) {
      // The PIN never reached the phone: it must not stay usable.
      await this.db
        .update(phonePins)
        .set({ consumedAt: new Date(this.clock.now()) })
        .where(and(eq(phonePins.phoneNumber, request.phoneNumber), eq(phonePins.kind, kind)));
      if (error instanceof DeliveryError) throw deliveryFailed('sms');
      throw error;
    }
  }

  /**
   * Counts a send against the number's limits (1 a minute, 5 an hour), even when nothing is sent: a reset for a
   * number without an account is throttled alike, so the answer does not tell whether the account exists.
   */
  async countSend(phoneNumber: string): Promise<void> {
    await this.limiter.consume(`pin-send:minute:${phoneNumber}`, SENDS_PER_MINUTE);
    await this.limiter.consume(`pin-send:hour:${phoneNumber}`, SENDS_PER_HOUR);
  }

  /** The unspent PIN of a number, expired or not: a resend keeps its purpose and sign-up details. */
  async pending(phoneNumber: string, kind: PinKind): Promise<PinRow | undefined> {
    const [row] = await this.db
      .select()
      .from(phonePins)
      .where(and(eq(phonePins.phoneNumber, phoneNumber), eq(phonePins.kind, kind)));
    return row && !row.consumedAt ? row : undefined;
  }

  /**
   * Checks `code` inside the caller's transaction and spends the PIN when right. A wrong code counts a try for
   * the client address `address` (a `clientAddressKey`), which the caller commits even though the call fails (so
   * it returns, never throws, on a wrong code). Five wrong tries end the PIN for that address only.
   */
  async consume(
    tx: AppDatabase,
    phoneNumber: string,
    kind: PinKind,
    code: string,
    address: string,
  ): Promise<PinCheck> {
    const [row] = await tx
      .select()
      .from(phonePins)
      .where(and(eq(phonePins.phoneNumber, phoneNumber), eq(phonePins.kind, kind)))
      .for('update');
    const verdict = await attemptSingleUseCode({
      stored: row && { ...row, codeHash: row.pinHash },
      secret: this.secret,
      scope: scopeOf(kind, phoneNumber),
      code,
      now: this.clock.now(),
      from: address,
      save: (stored, change) => tx.update(phonePins).set(change).where(eq(phonePins.id, stored.id)),
    });
    switch (verdict.kind) {
      case 'right':
        return { ok: true, pin: row! };
      case 'none':
        return { ok: false, error: PIN_MESSAGES.none };
      case 'closed':
        // Used-up tries are told before expiry: a new PIN is needed either way.
        return { ok: false, error: verdict.usedUp ? PIN_MESSAGES.dead : PIN_MESSAGES.expired };
      case 'wrong':
        return { ok: false, error: verdict.usedUp ? PIN_MESSAGES.dead : PIN_MESSAGES.wrong };
    }
  }
}

/** A PIN proves its kind for one number. */
function scopeOf(kind: PinKind, phoneNumber: string): string {
  return `pin:${kind}:${phoneNumber}`;
}

function kindOf(purpose: PinPurpose): PinKind {
  return purpose === 'reset' ? 'reset' : 'verify';
}
