import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import { sendJson, startHttpFake, type FakeServer } from './http-fake';

export const APPLE_ISSUER = 'https://appleid.apple.com';

export interface AppleIdentity {
  readonly sub: string;
  readonly email?: string;
  readonly emailVerified?: boolean;
  readonly audience: string;
  readonly issuer?: string;
  /** Seconds until expiry; negative = already expired. */
  readonly expiresIn?: number;
  /** Sign with a key Apple never published (the JWKS does not list it). */
  readonly signWithUnknownKey?: boolean;
}

export interface FakeApple extends FakeServer {
  /** Give this to the server as `APPLE_JWKS_URL`. */
  readonly jwksUrl: string;
  signIdentityToken(identity: AppleIdentity): Promise<string>;
}

interface SigningKey {
  readonly kid: string;
  readonly privateKey: CryptoKey;
  readonly publicJwk: JWK;
}

/** Apple's key endpoint (`GET /auth/keys`, a JWKS of RS256 keys), with keys made fresh in the test. */
export async function startFakeApple(): Promise<FakeApple> {
  const published = await makeKey('apple-test-key-1');
  const unknown = await makeKey('not-published-key');
  const server = await startHttpFake((request, _body, response) => {
    if (request.method === 'GET' && request.url === '/auth/keys') {
      return sendJson(response, 200, { keys: [published.publicJwk] });
    }
    return sendJson(response, 404, {});
  });
  return {
    ...server,
    jwksUrl: `${server.url}/auth/keys`,
    signIdentityToken: async (identity) => {
      const key = identity.signWithUnknownKey ? unknown : published;
      const now = Math.floor(Date.now() / 1000);
      const expiresIn = identity.expiresIn ?? 600;
      const claims: Record<string, unknown> = { auth_time: now, nonce_supported: true };
      if (identity.email) {
        claims.email = identity.email;
        claims.email_verified = String(identity.emailVerified ?? true);
      }
      return new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: key.kid })
        .setIssuer(identity.issuer ?? APPLE_ISSUER)
        .setAudience(identity.audience)
        .setSubject(identity.sub)
        .setIssuedAt(now - 5)
        .setExpirationTime(now + expiresIn)
        .sign(key.privateKey);
    },
  };
}

async function makeKey(kid: string): Promise<SigningKey> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  return { kid, privateKey, publicJwk };
}
