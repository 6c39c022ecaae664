import { useState } from 'react';
import { useWebConfig } from '../../../frame/config-context';
import { useClient } from '../../../stores/services';
import { formErrorsOf } from '../form-errors';
import { requestAppleIdentity } from './apple-sign-in';
import { requestGoogleAccessToken } from './google-identity';
import { SocialSignInCancelled, SocialSignInFailed } from './social-errors';

export type SocialProvider = 'google' | 'apple';

export interface SocialSignIn {
  /** The providers configured for this site (their client ids are set). */
  providers: SocialProvider[];
  busy: SocialProvider | null;
  error: string | null;
  /** Signs in (or up) with the provider; true when the session now holds tokens. */
  start(provider: SocialProvider): Promise<boolean>;
}

/**
 * Google (GIS token client) and Apple (Sign in with Apple JS, popup) sign-in against the API. On the sign-up
 * screen the terms were accepted first, and the call says so (`terms_accepted: true`).
 */
export function useSocialSignIn(mode: 'signup' | 'login'): SocialSignIn {
  const { googleClientId, appleClientId } = useWebConfig();
  const client = useClient();
  const [busy, setBusy] = useState<SocialProvider | null>(null);
  const [error, setError] = useState<string | null>(null);
  const terms = mode === 'signup' ? { terms_accepted: true as const } : {};

  async function signInWith(provider: SocialProvider): Promise<void> {
    if (provider === 'google' && googleClientId) {
      const body = { access_token: await requestGoogleAccessToken(googleClientId), ...terms };
      await (mode === 'signup' ? client.auth.googleSignup(body) : client.auth.googleLogin(body));
    } else if (provider === 'apple' && appleClientId) {
      const identity = await requestAppleIdentity(appleClientId);
      await client.auth.appleLogin({
        identity_token: identity.identityToken,
        // The Services ID the token was issued to; the server checks it against its own list.
        audience: appleClientId,
        first_name: identity.firstName,
        last_name: identity.lastName,
        ...terms,
      });
    }
  }

  return {
    providers: [
      ...(googleClientId ? (['google'] as const) : []),
      ...(appleClientId ? (['apple'] as const) : []),
    ],
    busy,
    error,
    async start(provider) {
      setBusy(provider);
      setError(null);
      try {
        await signInWith(provider);
        return client.session.isLoggedIn();
      } catch (failure) {
        if (!(failure instanceof SocialSignInCancelled)) {
          setError(failure instanceof SocialSignInFailed ? failure.message : formErrorsOf(failure, []).form);
        }
        return false;
      } finally {
        setBusy(null);
      }
    },
  };
}
