import { bearer, codeFromOutbox, signUpByEmail, uniqueEmail, uniqueIp } from '../testing/sign-in';
import { describeOnOneDatabase, startTestApp } from '../testing/test-app';
import { TEST_APPLE_AUDIENCE, useSocialFakes } from '../testing/social-fakes';

const APP_ID = TEST_APPLE_AUDIENCE;
const fakes = useSocialFakes();
let subjects = 0;
const subject = () => `subject-${++subjects}`;

describeOnOneDatabase(
  'Google and Apple sign-in',
  (getApp) => {
    const post = (url: string, payload: unknown) =>
      getApp().inject({ method: 'POST', url, payload: payload as object, remoteAddress: uniqueIp() });

    it('Google creates the account with its verified e-mail: created true, a member (docs/decisions.md#auth-appsapi)', async () => {
      const email = uniqueEmail('google');
      const response = await post('/api/auth/google/', {
        access_token: fakes.google.issueAccessToken({ sub: subject(), email }),
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ created: true, user: { email } });
      const info = await getApp().inject({
        method: 'GET',
        url: '/api/v1/user/info/',
        headers: bearer(response.json()),
      });
      expect(info.json()).toMatchObject({ is_member: true });
    });

    it('Google signs the same person in again on either path: created false', async () => {
      const account = { sub: subject(), email: uniqueEmail('google') };
      const first = await post('/api/auth/google/signup/', {
        access_token: fakes.google.issueAccessToken(account),
      });
      const second = await post('/api/auth/google/', {
        access_token: fakes.google.issueAccessToken(account),
      });
      expect(second.json()).toMatchObject({
        created: false,
        user: { pk: first.json<{ user: { pk: number } }>().user.pk },
      });
    });

    it('Google joins an e-mail account when both e-mails are verified (docs/decisions.md#auth-appsapi)', async () => {
      const email = uniqueEmail('joined');
      const tokens = await signUpByEmail(getApp(), email);
      const code = await codeFromOutbox(getApp(), email);
      await getApp().inject({
        method: 'POST',
        url: '/register/email/verify/',
        payload: { code },
        headers: bearer(tokens),
      });
      const response = await post('/api/auth/google/', {
        access_token: fakes.google.issueAccessToken({ sub: subject(), email }),
      });
      expect(response.json()).toMatchObject({ created: false, user: { pk: tokens.user.pk } });
    });

    it('Google does not join an e-mail account whose e-mail is unverified: 409 account_exists', async () => {
      const email = uniqueEmail('unverified');
      await signUpByEmail(getApp(), email);
      const response = await post('/api/auth/google/', {
        access_token: fakes.google.issueAccessToken({ sub: subject(), email }),
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: 'account_exists' });
    });

    it.each([
      ['issued to another application', { audience: 'someone-else.apps.googleusercontent.com' }],
      ['expired', { expiresIn: -10 }],
      ['of an unverified e-mail', { emailVerified: false }],
    ])('refuses a Google token %s with a 400 access_token error', async (_what, variant) => {
      const token = fakes.google.issueAccessToken({ sub: subject(), email: uniqueEmail(), ...variant });
      const response = await post('/api/auth/google/', { access_token: token });
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json())).toEqual(['access_token']);
      expect(response.json<{ access_token: string[] }>().access_token[0]).toMatch(/Google/);
    });

    it('refuses a token Google does not know', async () => {
      const response = await post('/api/auth/google/', { access_token: 'ya29.made-up' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ access_token: ['Google did not accept the access token.'] });
    });

    it('Apple creates the account with the names the app passes, and links the uid (docs/decisions.md#auth-appsapi)', async () => {
      const identity_token = await fakes.apple.signIdentityToken({
        sub: subject(),
        email: uniqueEmail('apple'),
        audience: APP_ID,
      });
      const response = await post('/api/auth/apple/', {
        identity_token,
        audience: APP_ID,
        first_name: 'Ada',
        last_name: 'Byron',
        uid: 'apple-visitor',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        created: true,
        user: { first_name: 'Ada', last_name: 'Byron' },
      });
    });

    it('Apple refuses an application the server does not list, whatever the client says', async () => {
      const identity_token = await fakes.apple.signIdentityToken({
        sub: subject(),
        audience: 'com.evil.app',
      });
      const listed = await post('/api/auth/apple/', { identity_token, audience: APP_ID });
      expect(listed.statusCode).toBe(400);
      expect(Object.keys(listed.json())).toEqual(['identity_token']);
      const unlisted = await post('/api/auth/apple/', { identity_token, audience: 'com.evil.app' });
      expect(unlisted.json()).toEqual({
        audience: ['This application is not allowed to sign in with Apple here.'],
      });
    });

    it.each([
      ['expired', { expiresIn: -10 }],
      ['signed with a key Apple never published', { signWithUnknownKey: true }],
      ['from another issuer', { issuer: 'https://evil.example.com' }],
    ])('refuses an Apple token %s with a 400 identity_token error', async (_what, variant) => {
      const identity_token = await fakes.apple.signIdentityToken({
        sub: subject(),
        audience: APP_ID,
        ...variant,
      });
      const response = await post('/api/auth/apple/', { identity_token, audience: APP_ID });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ identity_token: string[] }>().identity_token[0]).toMatch(/Apple/);
    });

    it('two first sign-ins of one Apple account racing: both sign in to one account, no 500', async () => {
      const account = { sub: subject(), audience: APP_ID };
      const answers = await Promise.all([
        post('/api/auth/apple/', {
          identity_token: await fakes.apple.signIdentityToken(account),
          audience: APP_ID,
        }),
        post('/api/auth/apple/', {
          identity_token: await fakes.apple.signIdentityToken(account),
          audience: APP_ID,
        }),
      ]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
      expect(answers[0]?.json<{ user: { pk: number } }>().user.pk).toBe(
        answers[1]?.json<{ user: { pk: number } }>().user.pk,
      );
    });
  },
  fakes.overrides,
);

describe('a provider that cannot be reached', () => {
  it('answers 503 with a clear detail, not 500', async () => {
    const testApp = await startTestApp(
      'pglite',
      {},
      {
        googleVerifier: { verifyAccessToken: () => Promise.reject(new Error('connect ECONNREFUSED')) },
      },
    );
    try {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/auth/google/',
        payload: { access_token: 'ya29.anything' },
      });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        detail: 'Google sign-in is unavailable right now. Please try again in a moment.',
      });
    } finally {
      await testApp.close();
    }
  });
});
