import type { ConfirmationSent, ConfirmPurpose } from '@wingmate/api-contract';
import type { Clock } from '@wingmate/runtime';
import { and, eq } from 'drizzle-orm';
import { DeliveryError, type EmailSender, type SmsSender } from '../../adapters/messaging/ports';
import type { AppDatabase } from '../../db/database';
import { accountConfirmations, type UserRow } from '../../db/schema';
import { Problem } from '../../problem';
import { deliveryFailed } from '../auth/auth-problems';
import type { PhonePins } from '../auth/phone-pins';
import type { RateLimiter } from '../shared/rate-limiter';
import { attemptSingleUseCode, codeRefusal, issueSingleUseCode } from '../auth/single-use-codes';

const EMAIL_SENDS_PER_MINUTE = { max: 1, windowSeconds: 60 };
const EMAIL_SENDS_PER_HOUR = { max: 5, windowSeconds: 60 * 60 };

const WHAT: Record<ConfirmPurpose, string> = {
  phone_change: 'change your phone number',
  delete: 'delete your account',
  set_password: 'set a password for your account',
  email_change: 'change your e-mail address',
};

export type ConfirmationCheck = { readonly ok: true } | { readonly ok: false; readonly error: string };

/**
 * Codes that confirm a sensitive change of a signed-in account (`accounts/user/confirm/`:
 * docs/decisions.md#sign-in-and-account-security): a PIN to the current phone, else a code to the verified e-mail
 * (Google and Apple accounts). They never sign in; 6 digits, hashed with the server secret, 10 minutes, 5 tries, single
 * use, one live code per purpose.
 */
export class AccountConfirmations {
  constructor(
    private readonly db: AppDatabase,
    private readonly clock: Clock,
    private readonly secret: string,
    private readonly sms: SmsSender,
    private readonly mail: EmailSender,
    private readonly pins: PhonePins,
    private readonly limiter: RateLimiter,
  ) {}

  async send(user: UserRow, purpose: ConfirmPurpose): Promise<ConfirmationSent> {
    const channel = user.phoneNumber ? 'sms' : user.email && user.emailVerifiedAt ? 'email' : undefined;
    if (!channel) {
      throw Problem.field(
        'non_field_errors',
        'This account has no phone number or verified e-mail address to send a code to.',
      );
    }
    const sentTo = channel === 'sms' ? user.phoneNumber! : user.email!;
    // The same send limits as every PIN to a number (1 a minute, 5 an hour), and alike for an address.
    if (channel === 'sms') await this.pins.countSend(sentTo);
    else {
      await this.limiter.consume(`confirm-send:minute:user:${user.id}`, EMAIL_SENDS_PER_MINUTE);
      await this.limiter.consume(`confirm-send:hour:user:${user.id}`, EMAIL_SENDS_PER_HOUR);
    }
    const now = this.clock.now();
    const { code, ...live } = issueSingleUseCode(this.secret, scopeOf(user.id, purpose), now);
    const values = { channel, ...live, createdAt: new Date(now) } as const;
    await this.db
      .insert(accountConfirmations)
      .values({ userId: user.id, purpose, ...values })
      .onConflictDoUpdate({
        target: [accountConfirmations.userId, accountConfirmations.purpose],
        set: values,
      });
    const text = `Your Wingmate code is ${code}. Enter it to ${WHAT[purpose]}. It expires in 10 minutes. If this was not you, do not share it and change your password.`;
    try {
      if (channel === 'sms') await this.sms.send(sentTo, text);
      else await this.mail.send({ to: sentTo, subject: `Confirm: ${WHAT[purpose]}`, text });
    } catch (error) {
      await this.db
        .update(accountConfirmations)
        .set({ consumedAt: new Date(this.clock.now()) })
        .where(and(eq(accountConfirmations.userId, user.id), eq(accountConfirmations.purpose, purpose)));
      if (error instanceof DeliveryError) throw deliveryFailed(channel);
      throw error;
    }
    return { detail: `A confirmation code was sent to ${sentTo}.`, channel, sent_to: sentTo };
  }

  /** Checks and spends the code in the caller's transaction; a wrong one counts a try (returned, not thrown). */
  async consume(
    tx: AppDatabase,
    userId: number,
    purpose: ConfirmPurpose,
    code: string,
  ): Promise<ConfirmationCheck> {
    const [row] = await tx
      .select()
      .from(accountConfirmations)
      .where(and(eq(accountConfirmations.userId, userId), eq(accountConfirmations.purpose, purpose)))
      .for('update');
    const verdict = await attemptSingleUseCode({
      stored: row,
      secret: this.secret,
      scope: scopeOf(userId, purpose),
      code,
      now: this.clock.now(),
      save: (stored, change) =>
        tx.update(accountConfirmations).set(change).where(eq(accountConfirmations.id, stored.id)),
    });
    return verdict.kind === 'right' ? { ok: true } : { ok: false, error: codeRefusal(verdict) };
  }
}

/** A confirmation code proves one purpose for one account. */
function scopeOf(userId: number, purpose: ConfirmPurpose): string {
  return `confirm:${purpose}:${userId}`;
}
