import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload } from 'jose';
import type { AppleConfig } from '../../config';
import {
  IdentityRejectedError,
  IdentityUnavailableError,
  type AppleTokenVerifier,
  type VerifiedIdentity,
} from './ports';

interface AppleClaims extends JWTPayload {
  email?: string;
  email_verified?: string | boolean;
}

/**
 * Checks an Apple identity token (docs/product.md#accounts-and-signing-in): signed by one of Apple's published keys
 * (JWKS, cached and refreshed on an unknown key id), issued by Apple, unexpired, and addressed to one of OUR audiences;
 * the audience the client names is never trusted.
 */
export function appleTokenVerifier(config: AppleConfig): AppleTokenVerifier {
  const keys = createRemoteJWKSet(new URL(config.jwksUrl), {
    timeoutDuration: 10_000,
    cooldownDuration: 30_000,
  });
  return {
    verifyIdentityToken: async (identityToken) => {
      if (config.audiences.length === 0) {
        throw new IdentityRejectedError('Apple sign-in is not configured on this server.', 'apple');
      }
      let claims: AppleClaims;
      try {
        const verified = await jwtVerify<AppleClaims>(identityToken, keys, {
          issuer: config.issuer,
          audience: [...config.audiences],
          algorithms: ['RS256', 'ES256'],
        });
        claims = verified.payload;
      } catch (error) {
        throw translate(error);
      }
      if (!claims.sub) throw new IdentityRejectedError('The Apple token does not name a user.', 'apple');
      return identity(claims);
    },
  };
}

function identity(claims: AppleClaims): VerifiedIdentity {
  const email = typeof claims.email === 'string' ? claims.email.toLowerCase() : null;
  return {
    provider: 'apple',
    subject: String(claims.sub),
    email,
    emailVerified: email !== null && String(claims.email_verified) === 'true',
  };
}

function translate(error: unknown): Error {
  if (error instanceof errors.JWTExpired)
    return new IdentityRejectedError('The Apple token has expired.', 'apple');
  if (error instanceof errors.JWTClaimValidationFailed) {
    const what = error.claim === 'aud' ? 'is for another application' : `has a wrong "${error.claim}" claim`;
    return new IdentityRejectedError(`The Apple token ${what}.`, 'apple');
  }
  if (error instanceof errors.JWKSNoMatchingKey || error instanceof errors.JWSSignatureVerificationFailed) {
    return new IdentityRejectedError('The Apple token is not signed by Apple.', 'apple');
  }
  if (keysUnreachable(error)) {
    return new IdentityUnavailableError("Apple's signing keys could not be fetched.", 'apple');
  }
  return new IdentityRejectedError('The Apple token is not valid.', 'apple');
}

/** A network failure, a timeout or a bad answer from the JWKS endpoint: Apple's side, not the token's. */
function keysUnreachable(error: unknown): boolean {
  if (error instanceof errors.JWKSTimeout || !(error instanceof errors.JOSEError)) return true;
  return error.code === 'ERR_JOSE_GENERIC' && /JSON Web Key Set/i.test(error.message);
}
