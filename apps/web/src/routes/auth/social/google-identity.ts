import { SocialSignInCancelled, SocialSignInFailed } from '@wingmate/core-sdk';
import { loadScript } from './load-script';

export const GOOGLE_IDENTITY_SCRIPT = 'https://accounts.google.com/gsi/client';

/** The parts of Google Identity Services' token model this app uses. */
interface TokenResponse {
  access_token?: string;
  error?: string;
  error_description?: string;
}

interface TokenClientConfig {
  client_id: string;
  scope: string;
  callback: (response: TokenResponse) => void;
  error_callback?: (error: { type: string; message?: string }) => void;
}

interface GoogleIdentity {
  accounts: { oauth2: { initTokenClient(config: TokenClientConfig): { requestAccessToken(): void } } };
}

declare global {
  interface Window {
    google?: GoogleIdentity;
  }
}

const SCOPE = 'openid email profile';

/**
 * A Google access token for this app's client id, from the GIS token client's popup. The token model (not the
 * ID-token button) because the API checks an access token with Google's tokeninfo (docs/decisions.md#auth-appsapi).
 */
export async function requestGoogleAccessToken(clientId: string): Promise<string> {
  try {
    await loadScript(GOOGLE_IDENTITY_SCRIPT);
  } catch {
    throw new SocialSignInFailed('Google sign-in could not load. Check your connection and try again.');
  }
  const oauth2 = window.google?.accounts?.oauth2;
  if (!oauth2) throw new SocialSignInFailed('Google sign-in is not available right now.');
  return new Promise<string>((resolve, reject) => {
    const client = oauth2.initTokenClient({
      client_id: clientId,
      scope: SCOPE,
      callback: (response) => {
        if (response.access_token) resolve(response.access_token);
        else if (response.error === 'access_denied') reject(new SocialSignInCancelled());
        else reject(new SocialSignInFailed(response.error_description ?? 'Google did not sign you in.'));
      },
      error_callback: (error) => {
        if (error.type === 'popup_closed') reject(new SocialSignInCancelled());
        else if (error.type === 'popup_failed_to_open')
          reject(new SocialSignInFailed('Allow pop-ups for this site to continue with Google.'));
        else reject(new SocialSignInFailed(error.message ?? 'Google did not sign you in.'));
      },
    });
    client.requestAccessToken();
  });
}
