import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** A random opaque token (refresh tokens, login-link keys): 256 bits, URL-safe. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Opaque tokens are stored as their SHA-256: they carry 256 bits, so no slow hash is needed. */
export function tokenDigest(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A 6-digit PIN or e-mail code, uniform over 000000..999999. */
export function sixDigitCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

/**
 * Codes have only a million values, so a plain hash of one is reversed at once: they are keyed with the server
 * secret, which a leaked database does not hold.
 */
export function codeDigest(secret: string, scope: string, code: string): string {
  return createHmac('sha256', secret).update(`${scope}:${code}`).digest('hex');
}

export function digestsEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
