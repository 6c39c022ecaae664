import {
  APPLE_ISSUER,
  startFakeApple,
  startFakeGoogle,
  type FakeApple,
  type FakeGoogle,
} from '@wingmate/testing';
import type { AppleConfig, GoogleConfig } from '../config';

/** The Apple audience (the web app's service id) the test server accepts. */
export const TEST_APPLE_AUDIENCE = 'com.wingmate.web';

export interface SocialFakes {
  /** The server's Google and Apple settings, pointing at the fakes; filled once they listen. */
  readonly overrides: { google?: GoogleConfig; apple?: AppleConfig };
  readonly google: FakeGoogle;
  readonly apple: FakeApple;
}

/**
 * Fake Google and Apple for a test file: started before its suites (so `overrides` is filled before a suite's
 * server is built from it) and closed after. Call it at the top of the file, before `describeEachDatabase`.
 */
export function useSocialFakes(): SocialFakes {
  let google: FakeGoogle | undefined;
  let apple: FakeApple | undefined;
  const overrides: SocialFakes['overrides'] = {};
  beforeAll(async () => {
    google = await startFakeGoogle();
    apple = await startFakeApple();
    overrides.google = { clientId: google.clientId, tokenInfoUrl: google.tokenInfoUrl };
    overrides.apple = { audiences: [TEST_APPLE_AUDIENCE], jwksUrl: apple.jwksUrl, issuer: APPLE_ISSUER };
  });
  afterAll(async () => {
    await google?.close();
    await apple?.close();
  });
  const started = <T>(fake: T | undefined, name: string): T => {
    if (!fake) throw new Error(`The fake ${name} is not started yet`);
    return fake;
  };
  return {
    overrides,
    get google() {
      return started(google, 'Google');
    },
    get apple() {
      return started(apple, 'Apple');
    },
  };
}
