import type { ConfirmationSent, OperationBody, operations, User } from '@wingmate/api-contract';
import type { Clock } from '@wingmate/runtime';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { EmailSender } from '../../adapters/messaging/ports';
import type { AppDatabase } from '../../db/database';
import { users, type UserRow } from '../../db/schema';
import { Problem } from '../../problem';
import type { AccountAlerts } from './account-alerts';
import type { AccountOwnerProof } from './account-owner-proof';
import { userByEmail, userJson } from './accounts';
import { deliveryFailed } from '../auth/auth-problems';
import { isUniqueViolation } from '../../db/postgres-errors';
import type { EmailCodes } from '../auth/email-codes';
import type { RateLimiter } from '../shared/rate-limiter';

type EmailChangeBody = OperationBody<typeof operations.requestEmailChange>;
type ConfirmEmailChangeBody = OperationBody<typeof operations.confirmEmailChange>;

export const EMAIL_TAKEN = 'A user with this e-mail address already exists.';
const SENDS_PER_MINUTE = { max: 1, windowSeconds: 60 };
const SENDS_PER_HOUR = { max: 5, windowSeconds: 60 * 60 };

export interface EmailChangeDependencies {
  readonly db: AppDatabase;
  readonly clock: Clock;
  readonly codes: EmailCodes;
  readonly mail: EmailSender;
  readonly limiter: RateLimiter;
  readonly alerts: AccountAlerts;
  readonly ownerProof: AccountOwnerProof;
  readonly systemNumber: string;
  readonly log: FastifyBaseLogger;
}

/**
 * A new e-mail address for a signed-in account. Asking needs the current password, or for an account without one
 * the code of `accounts/user/confirm/ {purpose: "email_change"}`: with a stolen access token alone, nobody can
 * move the address to their own and then reset the password. Then a code goes to the new address (6 digits, 10 minutes, 5 tries,
 * hashed, single use, good for that address only), and the address changes, verified, once the code comes back.
 * The old address is told.
 */
export class EmailChange {
  constructor(private readonly deps: EmailChangeDependencies) {}

  async request(user: UserRow, body: EmailChangeBody, ip: string): Promise<ConfirmationSent> {
    const email = body.email.trim();
    const { db, codes, limiter } = this.deps;
    if (user.emailVerifiedAt && user.email?.toLowerCase() === email.toLowerCase()) {
      throw Problem.field('email', 'This is already your e-mail address.');
    }
    // Proven first, so nothing below (taken addresses, send limits) answers a caller who is not the owner.
    await this.deps.ownerProof.prove(user, body, ip, {
      purpose: 'email_change',
      askPassword: 'Enter your current password to change your e-mail address.',
      askCode: 'Enter the code we sent to confirm the change (ask for one with accounts/user/confirm/).',
    });
    // The same send limits as the other codes (1 a minute, 5 an hour); they also slow probing for taken addresses.
    await limiter.consume(`email-change:minute:user:${user.id}`, SENDS_PER_MINUTE);
    await limiter.consume(`email-change:hour:user:${user.id}`, SENDS_PER_HOUR);
    const holder = await userByEmail(db, email);
    if (holder && holder.id !== user.id) throw Problem.field('email', EMAIL_TAKEN);
    const code = await codes.issue(db, user.id, 'email_change', email);
    try {
      await this.deps.mail.send({
        to: email,
        subject: 'Confirm your new e-mail address',
        text: `Your Wingmate code is ${code}. Enter it to make this your account's e-mail address. It expires in 10 minutes.\n\nIf this was not you, ignore this e-mail.`,
      });
    } catch (error) {
      this.deps.log.error({ err: error }, 'e-mail change code not sent');
      throw deliveryFailed('email');
    }
    return { detail: `A confirmation code was sent to ${email}.`, channel: 'email', sent_to: email };
  }

  async confirm(user: UserRow, body: ConfirmEmailChangeBody): Promise<User> {
    const email = body.email.trim();
    const { db, codes, clock } = this.deps;
    let outcome: { ok: true; user: UserRow } | { ok: false; error: string };
    try {
      outcome = await db.transaction(async (tx) => {
        const check = await codes.consumeForUser(tx, user.id, 'email_change', body.code, { address: email });
        if (!check.ok) return check;
        // Taken since the code went out: throwing rolls back, so the code stays unspent.
        const holder = await userByEmail(tx, email);
        if (holder && holder.id !== user.id) throw Problem.field('email', EMAIL_TAKEN);
        const [changed] = await tx
          .update(users)
          .set({ email, emailVerifiedAt: new Date(clock.now()) })
          .where(eq(users.id, user.id))
          .returning();
        if (!changed) throw Problem.notFound();
        return { ok: true, user: changed } as const;
      });
    } catch (error) {
      if (isUniqueViolation(error, 'users_email_lower_key')) throw Problem.field('email', EMAIL_TAKEN);
      throw error;
    }
    if (!outcome.ok) throw Problem.field('code', outcome.error);
    if (user.email && user.email.toLowerCase() !== email.toLowerCase()) {
      this.deps.alerts.mailTo(user.email, {
        subject: 'Your Wingmate e-mail address was changed',
        text: `The e-mail address of your Wingmate account was changed to ${email}. If this was not you, contact support right away.`,
      });
    }
    return userJson(outcome.user, this.deps.systemNumber);
  }
}
