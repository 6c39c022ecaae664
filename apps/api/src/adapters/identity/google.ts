import type { GoogleConfig } from '../../config';
import {
  IdentityRejectedError,
  IdentityUnavailableError,
  type GoogleTokenVerifier,
  type VerifiedIdentity,
} from './ports';

interface TokenInfo {
  aud?: string;
  azp?: string;
  sub?: string;
  email?: string;
  email_verified?: string | boolean;
  exp?: string | number;
  error?: string;
  error_description?: string;
}

/**
 * Checks a Google OAuth access token with Google's tokeninfo endpoint (docs/product.md#accounts-and-signing-in): the
 * token must have been issued to our client id (`aud` or `azp`), be unexpired, and carry a verified e-mail.
 */
export function googleTokenVerifier(
  config: GoogleConfig,
  fetcher: typeof fetch = fetch,
  now: () => number = Date.now,
): GoogleTokenVerifier {
  return {
    verifyAccessToken: async (accessToken) => {
      const clientId = config.clientId;
      if (!clientId)
        throw new IdentityRejectedError('Google sign-in is not configured on this server.', 'google');
      const info = await fetchTokenInfo(config.tokenInfoUrl, accessToken, fetcher);
      if (info.aud !== clientId && info.azp !== clientId) {
        throw new IdentityRejectedError('The Google token was issued to another application.', 'google');
      }
      if (info.exp !== undefined && Number(info.exp) * 1000 <= now()) {
        throw new IdentityRejectedError('The Google token has expired.', 'google');
      }
      if (!info.sub) throw new IdentityRejectedError('The Google token does not name a user.', 'google');
      if (!info.email || String(info.email_verified) !== 'true') {
        throw new IdentityRejectedError('The Google account has no verified e-mail address.', 'google');
      }
      return identity(info.sub, info.email);
    },
  };
}

async function fetchTokenInfo(
  endpoint: string,
  accessToken: string,
  fetcher: typeof fetch,
): Promise<TokenInfo> {
  const url = new URL(endpoint);
  url.searchParams.set('access_token', accessToken);
  let response: Response;
  try {
    response = await fetcher(url, {
      signal: AbortSignal.timeout(10_000),
      headers: { accept: 'application/json' },
    });
  } catch (error) {
    throw new IdentityUnavailableError(`Google did not answer (${(error as Error).message}).`, 'google');
  }
  if (response.status >= 500)
    throw new IdentityUnavailableError(`Google answered ${response.status}.`, 'google');
  const info = (await response.json().catch(() => ({}))) as TokenInfo;
  if (!response.ok || info.error) {
    throw new IdentityRejectedError('Google did not accept the access token.', 'google');
  }
  return info;
}

function identity(subject: string, email: string): VerifiedIdentity {
  return { provider: 'google', subject, email: email.toLowerCase(), emailVerified: true };
}
