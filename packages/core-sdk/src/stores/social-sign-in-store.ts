import type { AuthResource } from '../resources/auth';
import type { Session } from '../session/session';
import type { CallFailure } from './auth-input';
import { SocialSignInCancelled, type SocialProvider, type SocialProviders } from './social-provider';
import { createStore, type ReadableStore } from './store';
import { readSide } from './read-side';

export interface SocialSignInState {
  busy: SocialProvider | null;
  /** A `SocialSignInFailed` of the provider, or the API's error; a cancelled sign-in is none. */
  failure: CallFailure | null;
}

export interface SocialSignInStore extends ReadableStore<SocialSignInState> {
  /** The providers configured (their ports are given), Google first. */
  providers: SocialProvider[];
  /** Signs in (or up) with the provider; true when the session now holds tokens. */
  start(provider: SocialProvider): Promise<boolean>;
}

/**
 * Google and Apple sign-in against the API, with the credential the provider's port answers. On the sign-up
 * screen the terms were accepted first, and the call says so (`terms_accepted: true`).
 */
export function createSocialSignInStore(
  client: {
    auth: Pick<AuthResource, 'googleSignup' | 'googleLogin' | 'appleLogin'>;
    session: Pick<Session, 'isLoggedIn'>;
  },
  { mode, providers }: { mode: 'signup' | 'login'; providers: SocialProviders },
): SocialSignInStore {
  const store = createStore<SocialSignInState>({ busy: null, failure: null });
  const terms = mode === 'signup' ? { terms_accepted: true as const } : {};
  const { google, apple } = providers;

  async function signInWith(provider: SocialProvider): Promise<void> {
    if (provider === 'google' && google) {
      const body = { access_token: await google.requestAccessToken(), ...terms };
      await (mode === 'signup' ? client.auth.googleSignup(body) : client.auth.googleLogin(body));
    } else if (provider === 'apple' && apple) {
      const identity = await apple.requestIdentity();
      await client.auth.appleLogin({
        identity_token: identity.identityToken,
        // The Services ID the token was issued to; the server checks it against its own list.
        audience: apple.servicesId,
        first_name: identity.firstName,
        last_name: identity.lastName,
        ...terms,
      });
    }
  }

  return {
    ...readSide(store),
    providers: [...(google ? (['google'] as const) : []), ...(apple ? (['apple'] as const) : [])],
    async start(provider) {
      store.setState({ busy: provider, failure: null });
      try {
        await signInWith(provider);
        return client.session.isLoggedIn();
      } catch (error) {
        if (!(error instanceof SocialSignInCancelled)) store.setState({ failure: { error } });
        return false;
      } finally {
        store.setState({ busy: null });
      }
    },
  };
}
