import { hash, verify, type Algorithm } from '@node-rs/argon2';
import { commonPasswords } from './common-passwords';

/** argon2id with OWASP's baseline cost (19 MiB, 2 passes). */
// `Algorithm` is a const enum, which isolated modules cannot read: 2 is its `Argon2id`.
const ARGON2_OPTIONS = { algorithm: 2 as Algorithm, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

// A hash of nothing anyone knows: checking against it when the account does not exist keeps the answer's
// timing the same as for a wrong password.
let decoyHash: Promise<string> | undefined;

/** Whether `password` matches `passwordHash`; with no hash it still spends the time of one check. */
export async function passwordMatches(
  passwordHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!passwordHash) {
    decoyHash ??= hashPassword('decoy-password-for-timing');
    await verify(await decoyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}

export interface PasswordOwner {
  readonly email?: string | null;
  readonly phoneNumber?: string | null;
}

/**
 * The password policy (docs/decisions.md#auth-appsapi); the messages are Django's validators', as the client shows
 * them.
 */
export function passwordProblems(password: string, owner: PasswordOwner = {}): string[] {
  const problems: string[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) {
    problems.push(`This password is too short. It must contain at least ${PASSWORD_MIN_LENGTH} characters.`);
  }
  if (password.length > PASSWORD_MAX_LENGTH) {
    problems.push(`Ensure this field has no more than ${PASSWORD_MAX_LENGTH} characters.`);
  }
  const lowered = password.toLowerCase();
  if (commonPasswords.has(lowered) || /^(.)\1*$/.test(password))
    problems.push('This password is too common.');
  if (isOwnIdentifier(lowered, owner)) {
    problems.push('The password is too similar to your e-mail address or phone number.');
  }
  return problems;
}

function isOwnIdentifier(lowered: string, owner: PasswordOwner): boolean {
  const candidates = new Set<string>();
  if (owner.email) {
    candidates.add(owner.email.toLowerCase());
    candidates.add(owner.email.toLowerCase().split('@')[0] ?? '');
  }
  if (owner.phoneNumber) {
    const digits = owner.phoneNumber.replace(/\D/g, '');
    candidates.add(owner.phoneNumber);
    candidates.add(digits);
    candidates.add(digits.slice(-10));
  }
  const typedDigits = lowered.replace(/[\s().+-]/g, '');
  return [...candidates].some(
    (candidate) => candidate && (candidate === lowered || candidate === typedDigits),
  );
}
