/** What Sign in with Apple answers: its identity token, and the name the first time a person signs in. */
export interface AppleIdentity {
  identityToken: string;
  firstName?: string;
  lastName?: string;
}

/**
 * The providers' own sign-in (a browser's popup scripts, a phone's native sheets), each configured only when its
 * client id is set. They answer the credential the API checks, or throw one of the errors below.
 */
export interface SocialProviders {
  /** A Google access token for this app's client id, checked with Google (docs/decisions.md#auth-appsapi). */
  google?: { requestAccessToken(): Promise<string> };
  /** An Apple identity token issued to `servicesId`, which the server checks against its own list. */
  apple?: { servicesId: string; requestIdentity(): Promise<AppleIdentity> };
}

export type SocialProvider = keyof SocialProviders;

/** The person closed the provider's window: nothing went wrong, so nothing is shown. */
export class SocialSignInCancelled extends Error {
  constructor() {
    super('Sign-in was cancelled');
    this.name = 'SocialSignInCancelled';
  }
}

/** The provider could not be reached or refused (its script did not load, a blocked popup, an error answer). */
export class SocialSignInFailed extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SocialSignInFailed';
  }
}
