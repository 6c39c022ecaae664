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
