import {
  createSocialSignInStore,
  SocialSignInFailed,
  type SocialProvider,
  type SocialProviders,
} from '@wingmate/core-sdk';
import { useStore } from 'zustand';
import { useWebConfig } from '../../../frame/config-context';
import { formErrorsOf } from '../form-errors';
import { useScreenStore } from '../../../stores/screen-store';
import { requestAppleIdentity } from './apple-sign-in';
import { requestGoogleAccessToken } from './google-identity';

export interface SocialSignIn {
  /** The providers configured for this site (their client ids are set). */
  providers: SocialProvider[];
  busy: SocialProvider | null;
  error: string | null;
  /** Signs in (or up) with the provider; true when the session now holds tokens. */
  start: (provider: SocialProvider) => Promise<boolean>;
}

/** The browser's way to each provider configured: Google Identity Services' popup, Sign in with Apple JS. */
function browserProviders(googleClientId?: string, appleClientId?: string): SocialProviders {
  return {
    ...(googleClientId && { google: { requestAccessToken: () => requestGoogleAccessToken(googleClientId) } }),
    ...(appleClientId && {
      apple: { servicesId: appleClientId, requestIdentity: () => requestAppleIdentity(appleClientId) },
    }),
  };
}

/** Google and Apple sign-in (core-sdk's store) with the browser's provider scripts, its failure in words. */
export function useSocialSignIn(mode: 'signup' | 'login'): SocialSignIn {
  const { googleClientId, appleClientId } = useWebConfig();
  const store = useScreenStore((client) =>
    createSocialSignInStore(client, { mode, providers: browserProviders(googleClientId, appleClientId) }),
  );
  const { busy, failure } = useStore(store);
  const error =
    failure &&
    (failure.error instanceof SocialSignInFailed
      ? failure.error.message
      : formErrorsOf(failure.error, []).form);
  return { providers: store.providers, busy, error, start: (provider) => store.start(provider) };
}
