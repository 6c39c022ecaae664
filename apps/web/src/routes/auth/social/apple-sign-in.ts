import { SocialSignInCancelled, SocialSignInFailed, type AppleIdentity } from '@wingmate/core-sdk';
import { loadScript } from './load-script';

export const APPLE_SIGN_IN_SCRIPT =
  'https://appleid.cdn-apple.com/appleauth/static/jsapi/appleid/1/en_US/appleid.auth.js';

/** What Sign in with Apple JS answers on success (`user` only the first time a person signs in). */
interface AppleSignInResponse {
  authorization: { id_token: string; code?: string; state?: string };
  user?: { email?: string; name?: { firstName?: string; lastName?: string } };
}

interface AppleId {
  auth: {
    init(config: { clientId: string; scope: string; redirectURI: string; usePopup: boolean }): void;
    signIn(): Promise<AppleSignInResponse>;
  };
}

declare global {
  interface Window {
    AppleID?: AppleId;
  }
}

/** Apple's popup answers `{error: "popup_closed_by_user"}` (or `user_cancelled_authorize`) when closed. */
const CANCELLED = new Set(['popup_closed_by_user', 'user_cancelled_authorize']);

/** An Apple identity token for this app's Services ID, from Apple's popup (`AppleID.auth.signIn`). */
export async function requestAppleIdentity(clientId: string): Promise<AppleIdentity> {
  try {
    await loadScript(APPLE_SIGN_IN_SCRIPT);
  } catch {
    throw new SocialSignInFailed('Sign in with Apple could not load. Check your connection and try again.');
  }
  const auth = window.AppleID?.auth;
  if (!auth) throw new SocialSignInFailed('Sign in with Apple is not available right now.');
  // The redirect address is required even in popup mode; Apple checks it against the Services ID's list.
  auth.init({
    clientId,
    scope: 'name email',
    redirectURI: `${window.location.origin}/login`,
    usePopup: true,
  });
  let response: AppleSignInResponse;
  try {
    response = await auth.signIn();
  } catch (error) {
    const code = (error as { error?: string } | null)?.error;
    if (code && CANCELLED.has(code)) throw new SocialSignInCancelled();
    throw new SocialSignInFailed('Apple did not sign you in. Please try again.');
  }
  const identityToken = response?.authorization?.id_token;
  if (!identityToken) throw new SocialSignInFailed('Apple did not sign you in. Please try again.');
  return {
    identityToken,
    firstName: response.user?.name?.firstName || undefined,
    lastName: response.user?.name?.lastName || undefined,
  };
}
