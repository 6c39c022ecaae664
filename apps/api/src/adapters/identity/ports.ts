/** What a Google access token or an Apple identity token proves about the person who holds it. */
export interface VerifiedIdentity {
  readonly provider: 'google' | 'apple';
  /** The provider's stable user id (`sub`). */
  readonly subject: string;
  readonly email: string | null;
  readonly emailVerified: boolean;
  readonly firstName?: string;
  readonly lastName?: string;
}

/** Checks a Google OAuth access token with Google (tokeninfo: audience and verified e-mail). */
export interface GoogleTokenVerifier {
  verifyAccessToken(accessToken: string): Promise<VerifiedIdentity>;
}

/** Checks an Apple identity token (JWT): Apple's signature, issuer, audience, expiry. */
export interface AppleTokenVerifier {
  verifyIdentityToken(identityToken: string): Promise<VerifiedIdentity>;
}

/** The token was checked and is not acceptable (answered 400/401 to the client, never 500). */
export class IdentityRejectedError extends Error {
  constructor(
    message: string,
    readonly provider: 'google' | 'apple',
  ) {
    super(message);
    this.name = 'IdentityRejectedError';
  }
}

/** The provider could not be asked (network, 5xx): answered 503, the client may try again. */
export class IdentityUnavailableError extends Error {
  constructor(
    message: string,
    readonly provider: 'google' | 'apple',
  ) {
    super(message);
    this.name = 'IdentityUnavailableError';
  }
}
