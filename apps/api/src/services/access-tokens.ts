import type { Clock } from '@wingmate/core-sdk';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { randomUUID } from 'node:crypto';

/** Access tokens live 15 minutes (decisions.md, "Auth"). */
export const ACCESS_TOKEN_SECONDS = 15 * 60;

export class InvalidAccessTokenError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'InvalidAccessTokenError';
  }
}

/** HS256 JWTs with `sub` (the user's pk), `jti` and `typ: "access"`, as simplejwt writes them. */
export class AccessTokens {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly clock: Clock,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  async issue(userId: number): Promise<string> {
    const now = Math.floor(this.clock.now() / 1000);
    return new SignJWT({ typ: 'access' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(userId))
      .setJti(randomUUID().replace(/-/g, ''))
      .setIssuedAt(now)
      .setExpirationTime(now + ACCESS_TOKEN_SECONDS)
      .sign(this.key);
  }

  /** The user id the token was issued to; throws `InvalidAccessTokenError` for anything else. */
  async verify(token: string): Promise<number> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        currentDate: new Date(this.clock.now()),
        requiredClaims: ['sub', 'exp', 'jti'],
      });
      const userId = Number(payload.sub);
      if (payload.typ !== 'access' || !Number.isSafeInteger(userId) || userId < 1) {
        throw new InvalidAccessTokenError('not an access token');
      }
      return userId;
    } catch (error) {
      if (error instanceof InvalidAccessTokenError) throw error;
      if (error instanceof joseErrors.JOSEError) throw new InvalidAccessTokenError(error.code);
      throw new InvalidAccessTokenError('malformed token');
    }
  }
}
