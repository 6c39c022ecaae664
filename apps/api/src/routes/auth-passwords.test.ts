import type { AuthTokens, SignInOrUpTokens } from '@wingmate/api-contract';
import { MessageOutbox } from '../adapters/messaging/outbox';
import {
  bearer,
  codeFromOutbox,
  signUpByEmail,
  signUpByPhone,
  testClock,
  uniqueEmail,
  uniqueIp,
} from '../testing/sign-in';
import { describeOnOneDatabase } from '../testing/test-app';

const clock = testClock();
const PASSWORD = 'correct horse battery staple';
const NEW_PASSWORD = 'plum-orchard-19-lantern';
const TOKEN_NOT_VALID = { detail: 'Given token not valid for any token type', code: 'token_not_valid' };

describeOnOneDatabase(
  'password change and set, sign out everywhere (docs/decisions.md#calls)',
  (getApp) => {
    const post = (url: string, payload: object, headers = {}, remoteAddress = uniqueIp()) =>
      getApp().inject({ method: 'POST', url, payload, headers, remoteAddress });
    const get = (url: string, headers = {}) => getApp().inject({ method: 'GET', url, headers });
    const outbox = () => new MessageOutbox(getApp().database.db);
    const loginEmail = (email: string, password: string) => post('/register/login/', { email, password });

    /** An e-mail account with a password and a verified address, signed in twice (two devices). */
    async function twoDevices() {
      const email = uniqueEmail('devices');
      const first = await signUpByEmail(getApp(), email);
      const code = await codeFromOutbox(getApp(), email);
      await post('/register/email/verify/', { code }, bearer(first));
      const second = (await loginEmail(email, PASSWORD)).json<AuthTokens>();
      return { email, first, second };
    }

    describe('changePassword (POST /auth/password/change/)', () => {
      it('changes the password and answers a new pair for this device; the old password no longer signs in', async () => {
        const { email, first } = await twoDevices();
        const response = await post(
          '/auth/password/change/',
          { old_password: PASSWORD, new_password: NEW_PASSWORD },
          bearer(first),
        );
        expect(response.statusCode).toBe(200);
        expect(response.headers['cache-control']).toBe('no-store');
        const answer = response.json<AuthTokens>();
        expect(answer.user).toMatchObject({ pk: first.user.pk, email, has_password: true });
        expect((await get('/auth/user/', bearer(answer))).statusCode).toBe(200);
        expect((await post('/auth/token/refresh/', { refresh: answer.refresh })).statusCode).toBe(200);
        expect((await loginEmail(email, PASSWORD)).statusCode).toBe(400);
        expect((await loginEmail(email, NEW_PASSWORD)).statusCode).toBe(200);
      });

      it('signs out every other session at once: their access and refresh tokens, and this one’s old ones', async () => {
        const { first, second } = await twoDevices();
        await post(
          '/auth/password/change/',
          { old_password: PASSWORD, new_password: NEW_PASSWORD },
          bearer(first),
        );
        for (const session of [first, second]) {
          const user = await get('/auth/user/', bearer(session));
          expect([user.statusCode, user.json()]).toEqual([401, TOKEN_NOT_VALID]);
          expect((await post('/auth/token/refresh/', { refresh: session.refresh })).statusCode).toBe(401);
        }
      });

      it('tells the owner by e-mail, after the answer', async () => {
        const { email, first } = await twoDevices();
        await post(
          '/auth/password/change/',
          { old_password: PASSWORD, new_password: NEW_PASSWORD },
          bearer(first),
        );
        await getApp().auth.pendingWork.settled();
        const alert = await outbox().latest(email, 'email');
        expect(alert?.subject).toBe('Your Wingmate password was changed');
      });

      it('a wrong old password is an old_password field error and changes nothing', async () => {
        const email = uniqueEmail();
        const tokens = await signUpByEmail(getApp(), email);
        const response = await post(
          '/auth/password/change/',
          { old_password: 'not my password', new_password: NEW_PASSWORD },
          bearer(tokens),
        );
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({
          old_password: ['Your old password was entered incorrectly. Please enter it again.'],
        });
        expect((await loginEmail(email, PASSWORD)).statusCode).toBe(200);
        expect((await get('/auth/user/', bearer(tokens))).statusCode).toBe(200);
      });

      it('wrong old passwords count toward the lockout like wrong sign-ins: 429 with Retry-After, at that address only', async () => {
        const tokens = await signUpByEmail(getApp());
        const attacker = uniqueIp();
        const guess = (remoteAddress: string, old_password: string) =>
          post(
            '/auth/password/change/',
            { old_password, new_password: NEW_PASSWORD },
            bearer(tokens),
            remoteAddress,
          );
        for (let attempt = 0; attempt < 6; attempt++) {
          expect((await guess(attacker, `guess-${attempt}-xyz`)).statusCode).toBe(400);
        }
        const locked = await guess(attacker, PASSWORD);
        expect(locked.statusCode).toBe(429);
        expect(Number(locked.headers['retry-after'])).toBeGreaterThanOrEqual(1);
        // The owner elsewhere is not slowed (docs/decisions.md#sign-in-and-account-security).
        expect((await guess(uniqueIp(), PASSWORD)).statusCode).toBe(200);
      });

      it.each([
        ['too short', 'short1', 'This password is too short. It must contain at least 8 characters.'],
        ['among the most common', 'iloveyou1', 'This password is too common.'],
        [
          'the e-mail address',
          'EMAIL',
          'The password is too similar to your e-mail address or phone number.',
        ],
      ])(
        'refuses a new password that is %s under new_password (docs/decisions.md#auth-appsapi)',
        async (_w, pw, message) => {
          const email = uniqueEmail();
          const tokens = await signUpByEmail(getApp(), email);
          const response = await post(
            '/auth/password/change/',
            { old_password: PASSWORD, new_password: pw === 'EMAIL' ? email : pw },
            bearer(tokens),
          );
          expect(response.statusCode).toBe(400);
          expect(response.json()).toEqual({ new_password: expect.arrayContaining([message]) });
          expect((await get('/auth/user/', bearer(tokens))).statusCode).toBe(200);
        },
      );

      it('an account without a password is told to set one instead', async () => {
        const tokens = await signUpByPhone(getApp());
        const response = await post(
          '/auth/password/change/',
          { old_password: 'anything-at-all', new_password: NEW_PASSWORD },
          bearer(tokens),
        );
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({
          old_password: ['Your account has no password yet. Set one with a code instead.'],
        });
      });

      it('missing fields are field errors; no token is 401', async () => {
        const tokens = await signUpByEmail(getApp());
        expect((await post('/auth/password/change/', {}, bearer(tokens))).json()).toEqual({
          old_password: ['This field is required.'],
          new_password: ['This field is required.'],
        });
        const anonymous = await post('/auth/password/change/', {
          old_password: PASSWORD,
          new_password: NEW_PASSWORD,
        });
        expect([anonymous.statusCode, anonymous.json()]).toEqual([
          401,
          { detail: 'Authentication credentials were not provided.' },
        ]);
      });
    });

    describe('setPassword (POST /auth/password/set/ with the code of accounts/user/confirm/)', () => {
      /** A phone account (no password) and the set_password PIN sent to its phone. */
      async function passwordlessWithCode(): Promise<{ tokens: SignInOrUpTokens; code: string }> {
        const tokens = await signUpByPhone(getApp());
        clock.advance(61 * 1000);
        const confirm = await post(
          '/api/v1/accounts/user/confirm/',
          { purpose: 'set_password' },
          bearer(tokens),
        );
        expect(confirm.statusCode).toBe(200);
        expect(confirm.json()).toMatchObject({ channel: 'sms', sent_to: tokens.user.phone_number });
        return { tokens, code: await codeFromOutbox(getApp(), tokens.user.phone_number as string) };
      }

      it('gives the account a password that then signs in; answers the user, and every session stays', async () => {
        const { tokens, code } = await passwordlessWithCode();
        expect(tokens.user.has_password).toBe(false);
        const response = await post(
          '/auth/password/set/',
          { code, new_password: NEW_PASSWORD },
          bearer(tokens),
        );
        expect(response.statusCode).toBe(200);
        expect(response.json()).toMatchObject({ pk: tokens.user.pk, has_password: true });
        expect(response.json()).not.toHaveProperty('access');
        const login = await post('/auth/login/', {
          phone_number: tokens.user.phone_number,
          password: NEW_PASSWORD,
        });
        expect(login.statusCode).toBe(200);
        expect((await get('/auth/user/', bearer(tokens))).json()).toMatchObject({ has_password: true });
        expect((await post('/auth/token/refresh/', { refresh: tokens.refresh })).statusCode).toBe(200);
      });

      it('the code is single use', async () => {
        const { tokens, code } = await passwordlessWithCode();
        await post('/auth/password/set/', { code, new_password: NEW_PASSWORD }, bearer(tokens));
        const again = await post(
          '/auth/password/set/',
          { code, new_password: 'another-pass-2024' },
          bearer(tokens),
        );
        expect(again.statusCode).toBe(400);
        expect(again.json()).toEqual({
          non_field_errors: [
            'Your account already has a password. Change it with your current password instead.',
          ],
        });
      });

      it('a wrong code is a code field error (5 tries, then the code is dead)', async () => {
        const { tokens, code } = await passwordlessWithCode();
        const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
        const first = await post(
          '/auth/password/set/',
          { code: wrong, new_password: NEW_PASSWORD },
          bearer(tokens),
        );
        expect([first.statusCode, first.json()]).toEqual([400, { code: ['Invalid or expired code.'] }]);
        for (let attempt = 0; attempt < 4; attempt++) {
          await post('/auth/password/set/', { code: wrong, new_password: NEW_PASSWORD }, bearer(tokens));
        }
        const right = await post('/auth/password/set/', { code, new_password: NEW_PASSWORD }, bearer(tokens));
        expect(right.json()).toEqual({ code: ['Too many wrong codes. Request a new code.'] });
      });

      it('a code for another change (phone change) is no proof, nor is the bearer token alone', async () => {
        const tokens = await signUpByPhone(getApp());
        clock.advance(61 * 1000);
        await post('/api/v1/accounts/user/confirm/', { purpose: 'phone_change' }, bearer(tokens));
        const code = await codeFromOutbox(getApp(), tokens.user.phone_number as string);
        const response = await post(
          '/auth/password/set/',
          { code, new_password: NEW_PASSWORD },
          bearer(tokens),
        );
        expect(response.json()).toEqual({ code: ['Invalid or expired code.'] });
        const noCode = await post('/auth/password/set/', { new_password: NEW_PASSWORD }, bearer(tokens));
        expect(noCode.json()).toEqual({ code: ['This field is required.'] });
      });

      it('a code expires after 10 minutes', async () => {
        const { tokens, code } = await passwordlessWithCode();
        clock.advance(10 * 60 * 1000 + 1);
        const response = await post(
          '/auth/password/set/',
          { code, new_password: NEW_PASSWORD },
          bearer(tokens),
        );
        expect(response.json()).toEqual({ code: ['Invalid or expired code.'] });
      });

      it('refuses a weak new password before spending the code', async () => {
        const { tokens, code } = await passwordlessWithCode();
        const weak = await post('/auth/password/set/', { code, new_password: 'q9-Zr' }, bearer(tokens));
        expect(weak.json()).toEqual({
          new_password: ['This password is too short. It must contain at least 8 characters.'],
        });
        const strong = await post(
          '/auth/password/set/',
          { code, new_password: NEW_PASSWORD },
          bearer(tokens),
        );
        expect(strong.statusCode).toBe(200);
      });

      it('an account with a password is told to change it instead; no token is 401', async () => {
        const tokens = await signUpByEmail(getApp());
        const response = await post(
          '/auth/password/set/',
          { code: '123456', new_password: NEW_PASSWORD },
          bearer(tokens),
        );
        expect(response.json()).toEqual({
          non_field_errors: [
            'Your account already has a password. Change it with your current password instead.',
          ],
        });
        expect(
          (await post('/auth/password/set/', { code: '123456', new_password: NEW_PASSWORD })).statusCode,
        ).toBe(401);
      });
    });

    describe('logoutAll (POST /auth/logout/all/)', () => {
      it('ends every session: access tokens issued before stop at once, refresh tokens are revoked', async () => {
        const { email, first, second } = await twoDevices();
        const response = await post('/auth/logout/all/', {}, bearer(first));
        expect([response.statusCode, response.json()]).toEqual([
          200,
          { detail: 'Every session was signed out.' },
        ]);
        for (const session of [first, second]) {
          const user = await get('/auth/user/', bearer(session));
          expect([user.statusCode, user.json()]).toEqual([401, TOKEN_NOT_VALID]);
          expect((await post('/auth/token/refresh/', { refresh: session.refresh })).statusCode).toBe(401);
        }
        // Signing in again afterwards works at once.
        const again = (await loginEmail(email, PASSWORD)).json<AuthTokens>();
        expect((await get('/auth/user/', bearer(again))).statusCode).toBe(200);
      });

      it('a token refreshed before the call dies with the rest', async () => {
        const tokens = await signUpByEmail(getApp());
        const refreshed = (
          await post('/auth/token/refresh/', { refresh: tokens.refresh })
        ).json<AuthTokens>();
        await post('/auth/logout/all/', {}, bearer(tokens));
        expect((await get('/auth/user/', bearer(refreshed))).statusCode).toBe(401);
        expect((await post('/auth/token/refresh/', { refresh: refreshed.refresh })).statusCode).toBe(401);
      });

      it('revokes login links (Authorization: Token) too', async () => {
        const tokens = await signUpByEmail(getApp());
        const key = await getApp().auth.loginTokens.issue(tokens.user.pk);
        expect((await get('/auth/user/', { authorization: `Token ${key}` })).statusCode).toBe(200);
        await post('/auth/logout/all/', {}, bearer(tokens));
        expect((await get('/auth/user/', { authorization: `Token ${key}` })).statusCode).toBe(401);
      });

      it("leaves other people's sessions alone", async () => {
        const mine = await signUpByEmail(getApp());
        const theirs = await signUpByEmail(getApp());
        await post('/auth/logout/all/', {}, bearer(mine));
        expect((await get('/auth/user/', bearer(theirs))).statusCode).toBe(200);
        expect((await post('/auth/token/refresh/', { refresh: theirs.refresh })).statusCode).toBe(200);
      });

      it('needs a token', async () => {
        const response = await post('/auth/logout/all/', {});
        expect(response.statusCode).toBe(401);
      });
    });

    describe('password resets end every session too', () => {
      it('an e-mail reset makes the access tokens of the old password stop at once', async () => {
        const email = uniqueEmail();
        const tokens = await signUpByEmail(getApp(), email);
        await post('/email/reset-password/', { email });
        await getApp().auth.pendingWork.settled();
        const code = await codeFromOutbox(getApp(), email);
        await post('/email/reset-password/confirm/', { email, code, new_password: NEW_PASSWORD });
        expect((await get('/auth/user/', bearer(tokens))).statusCode).toBe(401);
      });
    });
  },
  {},
  { clock },
);
