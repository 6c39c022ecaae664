import { randomBytes } from 'node:crypto';
import { sendJson, startHttpFake, type FakeServer } from './http-fake';

export interface GoogleAccount {
  readonly sub: string;
  readonly email: string;
  readonly emailVerified?: boolean;
  /** The client the token was issued to; default: the fake's client id. */
  readonly audience?: string;
  /** Seconds until the token expires; negative = already expired. */
  readonly expiresIn?: number;
}

export interface FakeGoogle extends FakeServer {
  /** Give this to the server as `GOOGLE_TOKENINFO_URL`. */
  readonly tokenInfoUrl: string;
  readonly clientId: string;
  /** An access token that tokeninfo will describe as this account. */
  issueAccessToken(account: GoogleAccount): string;
}

/**
 * Google's OAuth2 tokeninfo endpoint: `GET /tokeninfo?access_token=...` answers the token's claims (strings, as
 * Google sends them), or 400 `{"error": "invalid_token", "error_description": "Invalid Value"}`.
 */
export async function startFakeGoogle(
  clientId = 'wingmate-web.apps.googleusercontent.com',
): Promise<FakeGoogle> {
  const tokens = new Map<string, GoogleAccount>();
  const server = await startHttpFake((request, _body, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const account = tokens.get(url.searchParams.get('access_token') ?? '');
    if (request.method !== 'GET' || url.pathname !== '/tokeninfo' || !account) {
      return sendJson(response, 400, { error: 'invalid_token', error_description: 'Invalid Value' });
    }
    const expiresIn = account.expiresIn ?? 3599;
    if (expiresIn <= 0)
      return sendJson(response, 400, { error: 'invalid_token', error_description: 'Invalid Value' });
    const audience = account.audience ?? clientId;
    return sendJson(response, 200, {
      azp: audience,
      aud: audience,
      sub: account.sub,
      scope:
        'openid https://www.googleapis.com/auth/userinfo.email https://www.googleapis.com/auth/userinfo.profile',
      exp: String(Math.floor(Date.now() / 1000) + expiresIn),
      expires_in: String(expiresIn),
      email: account.email,
      email_verified: String(account.emailVerified ?? true),
      access_type: 'online',
    });
  });
  return {
    ...server,
    tokenInfoUrl: `${server.url}/tokeninfo`,
    clientId,
    issueAccessToken: (account) => {
      const token = `ya29.${randomBytes(24).toString('base64url')}`;
      tokens.set(token, account);
      return token;
    },
  };
}
