import type {
  Acknowledgement,
  ConfirmResetPasswordPhoneBody,
  GeneratePinBody,
  LoginBody,
  PinSent,
  RegisterPhoneBody,
  ResetPasswordPhoneBody,
  SignInOrUpTokens,
  AuthTokens,
  UpdatePhoneNumberBody,
  VerifyPinBody,
} from '@wingmate/api-contract';
import type { Clock } from '@wingmate/core-sdk';
import { eq } from 'drizzle-orm';
import type { AppDatabase } from '../db/database';
import { users, type UserRow } from '../db/schema';
import { Problem } from '../problem';
import { linkVisitor, userByPhone } from './accounts';
import type { AuthLimits } from './auth-limits';
import { badCredentials } from './auth-problems';
import { isUniqueViolation } from './db-errors';
import { hashPassword, passwordMatches, passwordProblems } from './passwords';
import { INVALID_PHONE_MESSAGE, normalizeUsPhoneNumber } from './phone-numbers';
import type { PhonePins } from './phone-pins';
import type { RefreshTokens } from './refresh-tokens';
import type { Sessions } from './sessions';

const PHONE_BEING_VERIFIED = 'This phone number is being verified right now. Try again in 10 minutes.';
const PHONE_IN_USE = 'This phone number is already in use.';
export const PASSWORD_RESET_DONE = 'Password has been reset with the new password.';

/** Sign-up, sign-in and password reset by phone number (decisions.md, "Auth" and "Phone"). */
export class PhoneSignIn {
  constructor(
    private readonly db: AppDatabase,
    private readonly clock: Clock,
    private readonly pins: PhonePins,
    private readonly sessions: Sessions,
    private readonly refreshTokens: RefreshTokens,
    private readonly limits: AuthLimits,
  ) {}

  /** Sends a PIN; the account is made (or signed in, if the number has one) by `/verify/`. */
  async register(body: RegisterPhoneBody): Promise<PinSent> {
    const phoneNumber = phoneOrFieldError(body.phone_number);
    const existing = await userByPhone(this.db, phoneNumber);
    await this.pins.send({
      phoneNumber,
      purpose: existing ? 'login' : 'signup',
      firstName: body.first_name,
      lastName: body.last_name,
      uid: body.uid,
    });
    return pinSent(phoneNumber);
  }

  /** Resends: the pending sign-up or phone change keeps its details; otherwise a PIN to sign in (or up). */
  async generate(body: GeneratePinBody): Promise<PinSent> {
    const phoneNumber = phoneOrPinError(body.phone_number);
    const pending = await this.pins.pending(phoneNumber, 'verify');
    // A phone change is resent only by its account (/phone_number/update/): a public resend of it could hand
    // whoever holds the number a code that signs them in to someone else's account.
    if (pending && pending.purpose !== 'phone_change') {
      await this.pins.send({ ...pending, phoneNumber });
    } else {
      const existing = await userByPhone(this.db, phoneNumber);
      await this.pins.send({ phoneNumber, purpose: existing ? 'login' : 'signup' });
    }
    return pinSent(phoneNumber);
  }

  /** A right PIN signs in (making the account if new) or completes a phone change. */
  async verify(body: VerifyPinBody): Promise<SignInOrUpTokens> {
    const phoneNumber = phoneOrPinError(body.phone_number);
    await this.limits.perAccount('signInPerAccount', phoneNumber);
    let outcome: { ok: false; error: string } | { ok: true; tokens: SignInOrUpTokens };
    try {
      outcome = await this.db.transaction(async (tx) => {
        const check = await this.pins.consume(tx, phoneNumber, 'verify', body.code);
        if (!check.ok) return check;
        const pin = check.pin;
        const { user, created } =
          pin.purpose === 'phone_change' && pin.userId
            ? { user: await this.changePhone(tx, pin.userId, phoneNumber), created: false }
            : await this.signInOrUp(tx, phoneNumber, pin.firstName, pin.lastName);
        await linkVisitor(tx, body.uid ?? pin.uid, user.id);
        return { ok: true, tokens: { ...(await this.sessions.start(tx, user)), created } } as const;
      });
    } catch (error) {
      // Two accounts raced for the number; the PIN stays unspent with the rolled-back transaction.
      if (isUniqueViolation(error, 'users_phone_number_key')) throw pinError(PHONE_IN_USE);
      throw error;
    }
    if (!outcome.ok) throw pinError(outcome.error);
    return outcome.tokens;
  }

  /** Sends a PIN to the new number; it replaces the old one only after `/verify/` (decisions.md, "Phone"). */
  async updatePhoneNumber(user: UserRow, body: UpdatePhoneNumberBody): Promise<PinSent> {
    const phoneNumber = phoneOrPinError(body.phone_number);
    if (phoneNumber === user.phoneNumber) throw pinError('This is already your phone number.');
    // Counted before anything is looked up, so the answers cannot be used to list registered numbers.
    await this.pins.countSend(phoneNumber);
    const holder = await userByPhone(this.db, phoneNumber);
    if (holder) throw pinError(PHONE_IN_USE);
    // A live sign-up or sign-in PIN of someone else must not be replaced by this account's phone-change PIN.
    const pending = await this.pins.pending(phoneNumber, 'verify');
    const othersLivePin =
      pending &&
      pending.expiresAt.getTime() > this.clock.now() &&
      !(pending.purpose === 'phone_change' && pending.userId === user.id);
    if (othersLivePin) throw pinError(PHONE_BEING_VERIFIED);
    await this.pins.send({ phoneNumber, purpose: 'phone_change', userId: user.id }, { counted: true });
    const names = { firstName: body.first_name, lastName: body.last_name };
    if (names.firstName !== undefined || names.lastName !== undefined) {
      await this.db.update(users).set(names).where(eq(users.id, user.id));
    }
    return pinSent(phoneNumber);
  }

  async login(body: LoginBody): Promise<AuthTokens> {
    const phoneNumber = phoneOrFieldError(body.phone_number);
    await this.limits.perAccount('signInPerAccount', phoneNumber);
    const user = await userByPhone(this.db, phoneNumber);
    if (!(await passwordMatches(user?.passwordHash, body.password)) || !user) throw badCredentials();
    return this.sessions.start(this.db, user);
  }

  /** The same answer whether or not the number has an account (decisions.md, "E-mail" and "Phone"). */
  async requestReset(body: ResetPasswordPhoneBody): Promise<Acknowledgement> {
    const phoneNumber = phoneOrFieldError(body.phone_number);
    await this.limits.perAccount('resetPerAccount', phoneNumber);
    const user = await userByPhone(this.db, phoneNumber);
    if (user) await this.pins.send({ phoneNumber, purpose: 'reset', userId: user.id });
    else await this.pins.countSend(phoneNumber);
    return { detail: 'If an account uses this number, a code was sent to it.' };
  }

  /** Proof is the reset PIN as `code`, or the account's own token (`tokenUser`). */
  async confirmReset(
    body: ConfirmResetPasswordPhoneBody,
    tokenUser: UserRow | undefined,
  ): Promise<Acknowledgement> {
    const phoneNumber = phoneOrFieldError(body.phone_number);
    await this.limits.perAccount('resetPerAccount', phoneNumber);
    const user = await userByPhone(this.db, phoneNumber);
    const problems = passwordProblems(body.new_password, { phoneNumber, email: user?.email });
    if (problems.length > 0) throw Problem.fields({ new_password: problems });
    const passwordHash = await hashPassword(body.new_password);

    if (user && tokenUser?.id === user.id) {
      await this.db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
        // As on the PIN path: sessions opened with the old password end (this one signs in again).
        await this.refreshTokens.revokeAllOf(tx, user.id);
      });
      return { detail: PASSWORD_RESET_DONE };
    }
    if (!body.code) throw Problem.field('code', 'Enter the code we sent to your phone.');
    const code = body.code;
    const outcome = await this.db.transaction(async (tx) => {
      const check = await this.pins.consume(tx, phoneNumber, 'reset', code);
      if (!check.ok) return check;
      if (!user || check.pin.userId !== user.id) return { ok: false, error: 'Invalid code.' } as const;
      await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
      // Whoever held the old password loses their sessions with it.
      await this.refreshTokens.revokeAllOf(tx, user.id);
      return { ok: true } as const;
    });
    if (!outcome.ok) throw Problem.field('code', outcome.error);
    return { detail: PASSWORD_RESET_DONE };
  }

  private async signInOrUp(
    tx: AppDatabase,
    phoneNumber: string,
    firstName: string | null,
    lastName: string | null,
  ): Promise<{ user: UserRow; created: boolean }> {
    const now = new Date(this.clock.now());
    const existing = await userByPhone(tx, phoneNumber);
    if (existing) {
      if (existing.phoneVerifiedAt) return { user: existing, created: false };
      const [user] = await tx
        .update(users)
        .set({ phoneVerifiedAt: now })
        .where(eq(users.id, existing.id))
        .returning();
      return { user: user ?? existing, created: false };
    }
    const [user] = await tx
      .insert(users)
      .values({
        phoneNumber,
        firstName: firstName ?? '',
        lastName: lastName ?? '',
        phoneVerifiedAt: now,
        dateJoined: now,
      })
      .returning();
    if (!user) throw new Error('The new user was not returned');
    return { user, created: true };
  }

  private async changePhone(tx: AppDatabase, userId: number, phoneNumber: string): Promise<UserRow> {
    const holder = await userByPhone(tx, phoneNumber);
    if (holder && holder.id !== userId) throw pinError(PHONE_IN_USE);
    const [user] = await tx
      .update(users)
      .set({ phoneNumber, phoneVerifiedAt: new Date(this.clock.now()) })
      .where(eq(users.id, userId))
      .returning();
    if (!user) throw pinError('This account no longer exists.');
    return user;
  }
}

function pinSent(phoneNumber: string): PinSent {
  return { detail: `A verification code was sent to ${phoneNumber}.`, phone_number: phoneNumber };
}

/** PIN calls and the phone update fail with `{error}` (spec 8). */
function pinError(message: string): Problem {
  return new Problem(400, { error: message });
}

function phoneOrFieldError(input: string): string {
  const phoneNumber = normalizeUsPhoneNumber(input);
  if (!phoneNumber) throw Problem.field('phone_number', INVALID_PHONE_MESSAGE);
  return phoneNumber;
}

function phoneOrPinError(input: string): string {
  const phoneNumber = normalizeUsPhoneNumber(input);
  if (!phoneNumber) throw pinError(INVALID_PHONE_MESSAGE);
  return phoneNumber;
}
