import type { FakeApple } from '@wingmate/testing';
import type { BrowserContext } from 'playwright-core';

export const APPLE_SIGN_IN_SCRIPT =
  'https://appleid.cdn-apple.com/appleauth/static/jsapi/appleid/1/en_US/appleid.auth.js';

export interface FakeAppleUser {
  readonly sub: string;
  readonly email: string;
  readonly firstName?: string;
  readonly lastName?: string;
}

/**
 * Serves a fake Sign in with Apple JS (`AppleID.auth.init` / `signIn` with `usePopup`) through Playwright's request
 * routing. `signIn()` resolves as Apple's popup does, with an identity token signed by the fake's published key
 * for the Services ID the page passed to `init` (Apple issues `aud` = that client id); the API checks it against
 * the fake JWKS. `user` (the name) comes only on a first sign-in, as with Apple.
 */
export async function serveFakeAppleSignIn(
  context: BrowserContext,
  apple: FakeApple,
  user: FakeAppleUser,
  servicesId: string,
): Promise<void> {
  const identityToken = await apple.signIdentityToken({
    sub: user.sub,
    email: user.email,
    audience: servicesId,
  });
  const answer = {
    authorization: { id_token: identityToken, code: 'fake-authorization-code' },
    user: { email: user.email, name: { firstName: user.firstName, lastName: user.lastName } },
  };
  const script = `
    (() => {
      const answer = ${JSON.stringify(answer)};
      const servicesId = ${JSON.stringify(servicesId)};
      let config = null;
      window.AppleID = {
        auth: {
          init(options) { config = options; },
          signIn() {
            if (!config) return Promise.reject({ error: 'AppleID.auth.init was not called' });
            if (!config.usePopup) return Promise.reject({ error: 'this fake answers popup sign-ins only' });
            if (config.clientId !== servicesId) return Promise.reject({ error: 'invalid_client' });
            return new Promise((resolve) => setTimeout(() => resolve(answer), 10));
          },
        },
      };
    })();`;
  await context.route(APPLE_SIGN_IN_SCRIPT, (route) =>
    route.fulfill({ contentType: 'text/javascript', body: script }),
  );
}
