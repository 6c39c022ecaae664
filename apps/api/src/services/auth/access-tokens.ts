import type { Clock } from '@wingmate/runtime';
import { SignJWT } from 'jose';
import { createHmac, createSecretKey, randomUUID, timingSafeEqual, type KeyObject } from 'node:crypto';
import { CheckedSignatures } from './checked-signatures';

/** Access tokens live 15 minutes (docs/decisions.md#auth-appsapi). */
export const ACCESS_TOKEN_SECONDS = 15 * 60;

/** How many tokens a process remembers as signed by us: a worker's signed-in people of the last minutes. */
export const CHECKED_SIGNATURES = 10_000;

export class InvalidAccessTokenError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'InvalidAccessTokenError';
  }
}

/** What a valid access token says: its user, the user's session generation when it was issued, and its session. */
export interface AccessClaims {
  readonly userId: number;
  /** The `gen` claim (0 when absent): tokens of an older generation were signed out (`users.session_generation`). */
  readonly generation: number;
  /** The `sid` claim: the session (`sessions.id`) the token belongs to; it dies with it. */
  readonly sessionId: string;
}

/** HS256 JWTs with `sub` (the user's pk), `jti`, `typ: "access"` (as simplejwt writes them), `gen` and `sid`. */
export class AccessTokens {
  private readonly key: Uint8Array;
  private readonly secretKey: KeyObject;
  private readonly checked = new CheckedSignatures(CHECKED_SIGNATURES);

  constructor(
    secret: string,
    private readonly clock: Clock,
  ) {
    this.key = new TextEncoder().encode(secret);
    this.secretKey = createSecretKey(Buffer.from(this.key));
  }

  async issue(userId: number, generation: number, sessionId: string): Promise<string> {
    const now = Math.floor(this.clock.now() / 1000);
    return new SignJWT({ typ: 'access', gen: generation, sid: sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(userId))
      .setJti(randomUUID().replace(/-/g, ''))
      .setIssuedAt(now)
      .setExpirationTime(now + ACCESS_TOKEN_SECONDS)
      .sign(this.key);
  }

  /**
   * The user id the token was issued to; throws `InvalidAccessTokenError` for anything else. Checked with node:crypto's
   * HMAC rather than jose's WebCrypto path, which imported the key and ran an asynchronous job for every request: the
   * largest cost of an authenticated call (docs/performance.md#what-changed). Same rules as jose's HS256 check: exactly
   * HS256 (never `none`), no `crit`, canonical base64url, `sub`, `exp` and `jti` present, not expired, not before
   * `nbf`.
   */
  async verify(token: string): Promise<number> {
    return (await this.claims(token)).userId;
  }

  /** `verify`, answering the session generation and the session too; the auth plugin checks both. */
  // eslint-disable-next-line @typescript-eslint/require-await -- async so a refused token rejects instead of throwing
  async claims(token: string): Promise<AccessClaims> {
    const claims = this.signedClaims(token);
    const now = Math.floor(this.clock.now() / 1000);
    if (typeof claims.exp !== 'number' || typeof claims.jti !== 'string' || typeof claims.sub !== 'string') {
      throw new InvalidAccessTokenError('ERR_JWT_CLAIM_VALIDATION_FAILED');
    }
    if (claims.exp <= now) throw new InvalidAccessTokenError('ERR_JWT_EXPIRED');
    if (claims.nbf !== undefined && (typeof claims.nbf !== 'number' || claims.nbf > now)) {
      throw new InvalidAccessTokenError('ERR_JWT_CLAIM_VALIDATION_FAILED');
    }
    if (claims.iat !== undefined && typeof claims.iat !== 'number') {
      throw new InvalidAccessTokenError('ERR_JWT_CLAIM_VALIDATION_FAILED');
    }
    return accessClaims(claims);
  }

  /**
   * The session a token of ours names, expired or not: a logout may name the session it ends by an access token
   * that has run out (as OpenID Connect's logout takes an expired `id_token_hint`), since ending one's own session
   * is all it can do (docs/decisions.md#sessions-in-the-browser). Throws `InvalidAccessTokenError` for anything
   * we did not sign.
   */
  sessionOf(token: string): string {
    return accessClaims(this.signedClaims(token)).sessionId;
  }

  /**
   * The payload of a token whose signature and header are ours (HS256, no `crit`), its times unchecked; a token
   * checked before is answered from memory (docs/performance.md#signatures-checked-once-per-token).
   */
  private signedClaims(token: string): Readonly<Record<string, unknown>> {
    return this.checked.payloadOf(token) ?? this.checked.remember(token, this.checkSignature(token));
  }

  private checkSignature(token: string): Record<string, unknown> {
    const parts = token.split('.');
    if (parts.length !== 3 || !parts.every((part) => BASE64URL.test(part))) {
      throw new InvalidAccessTokenError('malformed token');
    }
    const [header, payload, signature] = parts as [string, string, string];
    const expected = Buffer.from(
      createHmac('sha256', this.secretKey).update(`${header}.${payload}`).digest('base64url'),
    );
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new InvalidAccessTokenError('ERR_JWS_SIGNATURE_VERIFICATION_FAILED');
    }
    const protectedHeader = jsonObject(header);
    if (protectedHeader.alg !== 'HS256' || 'crit' in protectedHeader) {
      throw new InvalidAccessTokenError('ERR_JOSE_ALG_NOT_ALLOWED');
    }
    return jsonObject(payload);
  }
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;
const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** `sub`, `typ`, `gen` and `sid` of a signed payload; tokens from before sessions (no `sid`) are refused. */
function accessClaims(claims: Readonly<Record<string, unknown>>): AccessClaims {
  const userId = Number(claims.sub);
  if (claims.typ !== 'access' || !Number.isSafeInteger(userId) || userId < 1) {
    throw new InvalidAccessTokenError('not an access token');
  }
  const generation = claims.gen ?? 0;
  if (typeof generation !== 'number' || !Number.isSafeInteger(generation) || generation < 0) {
    throw new InvalidAccessTokenError('ERR_JWT_CLAIM_VALIDATION_FAILED');
  }
  const sessionId = claims.sid;
  if (typeof sessionId !== 'string' || !SESSION_ID.test(sessionId)) {
    throw new InvalidAccessTokenError('ERR_JWT_CLAIM_VALIDATION_FAILED');
  }
  return { userId, generation, sessionId };
}

function jsonObject(part: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // not JSON
  }
  throw new InvalidAccessTokenError('malformed token');
}
