import type {
  Acknowledgement,
  ConfirmResetPasswordPhoneBody,
  GeneratePinBody,
  LoginBody,
  PhoneChanged,
  PinSent,
  RegisterPhoneBody,
  ResetPasswordPhoneBody,
  SignInOrUpTokens,
  AuthTokens,
  UpdatePhoneNumberBody,
  VerifyPinBody,
} from '@wingmate/api-contract';
import type { Clock } from '@wingmate/runtime';
import { eq } from 'drizzle-orm';
import type { AppDatabase } from '../../db/database';
import { users, type UserRow } from '../../db/schema';
import { Problem } from '../../problem';
import type { EmailSender, SmsSender } from '../../adapters/messaging/ports';
import type { AccountConfirmations } from '../account/account-confirmations';
import { linkVisitor, userById, userByPhone, userJson } from '../account/accounts';
import type { AuthLimits, SignInLockouts } from './auth-limits';
import { badCredentials } from './auth-problems';
import { clientAddressKey } from '../shared/client-address';
import type { PendingWork } from '../shared/pending-work';
import { isUniqueViolation } from '../../db/postgres-errors';
import { hashPassword, passwordMatches, passwordProblems } from './passwords';
import { INVALID_PHONE_MESSAGE, normalizeUsPhoneNumber } from './phone-numbers';
import type { PhonePins, PinRow } from './phone-pins';
import type { Sessions } from './sessions';

const PHONE_BEING_VERIFIED = 'This phone number is being verified right now. Try again in 10 minutes.';
const PHONE_IN_USE = 'This phone number is already in use.';
export const PASSWORD_RESET_DONE = 'Password has been reset with the new password.';

export interface PhoneSignInDependencies {
  readonly db: AppDatabase;
  readonly clock: Clock;
  readonly pins: PhonePins;
  readonly sessions: Sessions;
  readonly limits: AuthLimits;
  readonly lockouts: SignInLockouts;
  readonly confirmations: AccountConfirmations;
  readonly pendingWork: PendingWork;
  readonly sms: SmsSender;
  readonly mail: EmailSender;
  readonly systemNumber: string;
}

/** Sign-up, sign-in and password reset by phone number (docs/decisions.md#auth-appsapi). */
export class PhoneSignIn {
  private readonly db: AppDatabase;
  private readonly clock: Clock;
  private readonly pins: PhonePins;
  private readonly sessions: Sessions;
  private readonly limits: AuthLimits;
  private readonly lockouts: SignInLockouts;

  constructor(private readonly deps: PhoneSignInDependencies) {
    this.db = deps.db;
    this.clock = deps.clock;
    this.pins = deps.pins;
    this.sessions = deps.sessions;
    this.limits = deps.limits;
    this.lockouts = deps.lockouts;
  }

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
      termsAcceptedAt: body.terms_accepted ? new Date(this.clock.now()) : null,
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

  /**
   * A right PIN signs in (making the account if new), or completes a phone change: that answers `{user}` only,
   * since a phone-change PIN never signs anyone in, and the old number (or the e-mail) is told.
   */
  async verify(body: VerifyPinBody, ip: string): Promise<SignInOrUpTokens | PhoneChanged> {
    const phoneNumber = phoneOrPinError(body.phone_number);
    await this.lockouts.assertOpen('pin', phoneNumber, ip);
    type Outcome =
      | { ok: false; error: string }
      | { ok: true; tokens: SignInOrUpTokens }
      | { ok: true; changed: UserRow; previous: UserRow };
    let outcome: Outcome;
    try {
      outcome = await this.db.transaction(async (tx): Promise<Outcome> => {
        const check = await this.pins.consume(tx, phoneNumber, 'verify', body.code, clientAddressKey(ip));
        if (!check.ok) return check;
        const pin = check.pin;
        if (pin.purpose === 'phone_change' && pin.userId) {
          const previous = await userById(tx, pin.userId);
          if (!previous) throw pinError('This account no longer exists.');
          return { ok: true, changed: await this.changePhone(tx, pin.userId, phoneNumber), previous };
        }
        const { user, created } = await this.signInOrUp(tx, phoneNumber, pin);
        await linkVisitor(tx, body.uid ?? pin.uid, user.id);
        return { ok: true, tokens: { ...(await this.sessions.start(tx, user)), created } };
      });
    } catch (error) {
      // Two accounts raced for the number; the PIN stays unspent with the rolled-back transaction.
      if (isUniqueViolation(error, 'users_phone_number_key')) throw pinError(PHONE_IN_USE);
      throw error;
    }
    if (!outcome.ok) {
      await this.lockouts.failed('pin', phoneNumber, ip);
      throw pinError(outcome.error);
    }
    await this.lockouts.succeeded('pin', phoneNumber, ip);
    if ('tokens' in outcome) return outcome.tokens;
    this.tellOfPhoneChange(outcome.previous, phoneNumber);
    return { user: userJson(outcome.changed, this.deps.systemNumber) };
  }

  /**
   * Sends a PIN to the new number; it replaces the old one only after `/verify/`
   * (docs/decisions.md#sign-in-and-account-security). The change needs the current password, or for an account without
   * one the code of `accounts/user/confirm/`: a stolen access token alone cannot move the account to another phone.
   */
  async updatePhoneNumber(user: UserRow, body: UpdatePhoneNumberBody, ip: string): Promise<PinSent> {
    const phoneNumber = phoneOrPinError(body.phone_number);
    if (phoneNumber === user.phoneNumber) throw pinError('This is already your phone number.');
    await this.proveOwner(user, body, ip);
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

  /**
   * Wrong passwords slow the address that sends them, never the owner elsewhere
   * (docs/decisions.md#sign-in-and-account-security).
   */
  async login(body: LoginBody, ip: string): Promise<AuthTokens> {
    const phoneNumber = phoneOrFieldError(body.phone_number);
    await this.lockouts.assertOpen('password', phoneNumber, ip);
    const user = await userByPhone(this.db, phoneNumber);
    if (!(await passwordMatches(user?.passwordHash, body.password)) || !user) {
      await this.lockouts.failed('password', phoneNumber, ip);
      throw badCredentials();
    }
    await this.lockouts.succeeded('password', phoneNumber, ip);
    return this.db.transaction(async (tx) => {
      await linkVisitor(tx, body.uid, user.id);
      return this.sessions.start(tx, user);
    });
  }

  /**
   * The same answer whether or not the number has an account (docs/decisions.md#sign-in-and-account-security), and at
   * the same time: the answer goes first, the PIN after (a failed send is logged).
   */
  async requestReset(body: ResetPasswordPhoneBody): Promise<Acknowledgement> {
    const phoneNumber = phoneOrFieldError(body.phone_number);
    await this.limits.perAccount('resetPerAccount', phoneNumber);
    await this.pins.countSend(phoneNumber);
    this.deps.pendingWork.later('password reset PIN', async () => {
      const user = await userByPhone(this.db, phoneNumber);
      if (user) await this.pins.send({ phoneNumber, purpose: 'reset', userId: user.id }, { counted: true });
    });
    return { detail: 'If an account uses this number, a code was sent to it.' };
  }

  /**
   * Proof is the reset PIN as `code`. A bearer token alone is not enough
   * (docs/decisions.md#sign-in-and-account-security): a stolen 15-minute token must not become a password.
   */
  async confirmReset(body: ConfirmResetPasswordPhoneBody, ip: string): Promise<Acknowledgement> {
    const phoneNumber = phoneOrFieldError(body.phone_number);
    await this.limits.perAccountAndAddress('resetPerAccount', phoneNumber, ip);
    const user = await userByPhone(this.db, phoneNumber);
    const problems = passwordProblems(body.new_password, { phoneNumber, email: user?.email });
    if (problems.length > 0) throw Problem.fields({ new_password: problems });
    if (!body.code) throw Problem.field('code', 'Enter the code we sent to your phone.');
    await this.lockouts.assertOpen('reset', phoneNumber, ip);
    const passwordHash = await hashPassword(body.new_password);
    const code = body.code;
    const outcome = await this.db.transaction(async (tx) => {
      const check = await this.pins.consume(tx, phoneNumber, 'reset', code, clientAddressKey(ip));
      if (!check.ok) return check;
      if (!user || check.pin.userId !== user.id) return { ok: false, error: 'Invalid code.' } as const;
      await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
      // Whoever held the old password loses their sessions with it.
      await this.sessions.endAll(tx, user.id);
      return { ok: true } as const;
    });
    if (!outcome.ok) {
      await this.lockouts.failed('reset', phoneNumber, ip);
      throw Problem.field('code', outcome.error);
    }
    await this.lockouts.succeeded('reset', phoneNumber, ip);
    return { detail: PASSWORD_RESET_DONE };
  }

  /** The current password, or the phone-change code that `accounts/user/confirm/` sent. */
  private async proveOwner(user: UserRow, body: UpdatePhoneNumberBody, ip: string): Promise<void> {
    const account = `user:${user.id}`;
    if (user.passwordHash) {
      if (!body.password) throw pinError('Enter your current password to change your phone number.');
      await this.lockouts.assertOpen('password', account, ip);
      if (!(await passwordMatches(user.passwordHash, body.password))) {
        await this.lockouts.failed('password', account, ip);
        throw pinError('The password is not right.');
      }
      await this.lockouts.succeeded('password', account, ip);
      return;
    }
    if (!body.code) {
      throw pinError(
        'Enter the code we sent to confirm the change (ask for one with accounts/user/confirm/).',
      );
    }
    const code = body.code;
    const check = await this.db.transaction((tx) =>
      this.deps.confirmations.consume(tx, user.id, 'phone_change', code),
    );
    if (!check.ok) throw pinError(check.error);
  }

  /** The old number, else the e-mail, hears of the change (after the answer; a failed send is logged). */
  private tellOfPhoneChange(previous: UserRow, newNumber: string): void {
    const ending = newNumber.slice(-4);
    const text = `Your Wingmate phone number was changed to one ending in ${ending}. If this was not you, reset your password and contact support.`;
    const { sms, mail } = this.deps;
    if (previous.phoneNumber && previous.phoneNumber !== newNumber) {
      const to = previous.phoneNumber;
      this.deps.pendingWork.later('phone change notice', () => sms.send(to, text));
    } else if (previous.email) {
      const to = previous.email;
      const subject = 'Your Wingmate phone number was changed';
      this.deps.pendingWork.later('phone change notice', () => mail.send({ to, subject, text }));
    }
  }

  /** A new account takes the sign-up's names and terms acceptance, which the PIN kept. */
  private async signInOrUp(
    tx: AppDatabase,
    phoneNumber: string,
    { firstName, lastName, termsAcceptedAt }: Pick<PinRow, 'firstName' | 'lastName' | 'termsAcceptedAt'>,
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
        termsAcceptedAt,
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

/** PIN calls and the phone update fail with `{error}` (docs/product.md#error-catalogue). */
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
