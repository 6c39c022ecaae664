import { DeliveryError, type EmailMessage } from '../adapters/messaging/ports';
import { bearer, codeFromOutbox, signUpByEmail, testClock, uniqueEmail, uniqueIp } from '../testing/sign-in';
import { describeOnOneDatabase } from '../testing/test-app';

const clock = testClock();
const PASSWORD = 'correct horse battery staple';

describeOnOneDatabase(
  'e-mail sign-up, verification, sign-in and reset',
  (getApp) => {
    const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
      getApp().inject({
        method: 'POST',
        url,
        payload: payload as object,
        headers,
        remoteAddress: uniqueIp(),
      });

    it('signs up with 201 {access, refresh, user} and mails a verification code (docs/decisions.md#auth-appsapi)', async () => {
      const email = uniqueEmail();
      const response = await post('/register/email/', { email, password: PASSWORD, first_name: 'Ann' });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ user: { email, first_name: 'Ann', phone_number: null } });
      expect(await codeFromOutbox(getApp(), email)).toMatch(/^\d{6}$/);
    });

    it('refuses an address without the basic pattern as an email field error (docs/product.md#validation)', async () => {
      const response = await post('/register/email/', { email: 'not-an-address' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ email: ['Enter a valid value.'] });
    });

    it('missing and mistyped fields are field errors', async () => {
      expect((await post('/register/login/', {})).json()).toEqual({
        email: ['This field is required.'],
        password: ['This field is required.'],
      });
      const mistyped = await post('/register/email/', { email: uniqueEmail(), first_name: { a: 1 } });
      expect(mistyped.json()).toEqual({ first_name: ['Not a valid string.'] });
    });

    it('refuses a 200 KB body with 413 {detail} (docs/product.md#limits-that-protect-people)', async () => {
      const response = await post('/register/email/', {
        email: uniqueEmail(),
        first_name: 'x'.repeat(200 * 1024),
      });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ detail: 'Request body is too large.' });
    });

    it.each([
      ['too short', 'short1', 'This password is too short. It must contain at least 8 characters.'],
      ['among the most common', 'iloveyou1', 'This password is too common.'],
      ['the e-mail address', 'EMAIL', 'The password is too similar to your e-mail address or phone number.'],
    ])(
      'refuses a password that is %s as a password field error (docs/decisions.md#auth-appsapi)',
      async (_w, pw, message) => {
        const email = uniqueEmail();
        const response = await post('/register/email/', { email, password: pw === 'EMAIL' ? email : pw });
        expect(response.statusCode).toBe(400);
        expect(response.json<{ password: unknown }>().password).toContain(message);
      },
    );

    it('an address is taken whatever its case: a field error', async () => {
      const email = uniqueEmail('Case');
      await signUpByEmail(getApp(), email);
      const again = await post('/register/email/', { email: email.toUpperCase(), password: PASSWORD });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({ email: ['A user with this e-mail address already exists.'] });
    });

    it('two sign-ups racing on one address: one wins, the other gets a field error, no 500', async () => {
      const email = uniqueEmail('race');
      const answers = await Promise.all([
        post('/register/email/', { email, password: PASSWORD }),
        post('/register/email/', { email, password: PASSWORD }),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 400]);
      const loser = answers.find((answer) => answer.statusCode === 400);
      expect(loser?.json()).toEqual({ email: ['A user with this e-mail address already exists.'] });
    });

    it('stores SQL-looking and emoji names verbatim', async () => {
      const names = { first_name: "x' OR '1'='1", last_name: "🦄🔥 O'Brien" };
      const response = await post('/register/email/', { email: uniqueEmail(), ...names });
      expect(response.json<{ user: unknown }>().user).toMatchObject(names);
    });

    it('signs in with e-mail (any case) and password', async () => {
      const email = uniqueEmail();
      const tokens = await signUpByEmail(getApp(), email);
      const login = await post('/register/login/', { email: email.toUpperCase(), password: PASSWORD });
      expect(login.statusCode).toBe(200);
      expect(login.json()).toMatchObject({ user: { pk: tokens.user.pk } });
    });

    it('a wrong password, an unknown address and an account without password get one answer', async () => {
      const email = uniqueEmail();
      await signUpByEmail(getApp(), email);
      const passwordless = uniqueEmail();
      await post('/register/email/', { email: passwordless });
      const expected = { non_field_errors: ['Unable to log in with provided credentials.'] };
      for (const attempt of [
        { email, password: 'wrong password' },
        { email: uniqueEmail(), password: PASSWORD },
        { email: passwordless, password: PASSWORD },
      ]) {
        const response = await post('/register/login/', attempt);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual(expected);
      }
    });

    it('verifies the e-mail with the mailed code, making the user a member (docs/decisions.md#auth-appsapi)', async () => {
      const email = uniqueEmail();
      const tokens = await signUpByEmail(getApp(), email);
      const code = await codeFromOutbox(getApp(), email);
      const response = await post('/register/email/verify/', { code }, bearer(tokens));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ email, is_member: true, remaining_messages: 5 }); // its free ones
    });

    it('resends the verification code a minute after the last: the new one verifies, the old one no longer does', async () => {
      const email = uniqueEmail();
      const tokens = await signUpByEmail(getApp(), email);
      const first = await codeFromOutbox(getApp(), email);
      const resend = () => post('/register/email/verify/resend/', {}, bearer(tokens));
      const tooSoon = await resend(); // the sign-up's code was the minute's one
      expect(tooSoon.statusCode).toBe(429);
      expect(tooSoon.headers['retry-after']).toBeDefined();
      clock.advance(61_000);
      const resent = await resend();
      expect(resent.statusCode).toBe(200);
      expect(resent.json()).toEqual({ detail: 'A new code is on its way.' });
      const second = await codeFromOutbox(getApp(), email);
      expect(second).not.toBe(first);
      const old = await post('/register/email/verify/', { code: first }, bearer(tokens));
      expect(old.statusCode).toBe(400);
      expect(Object.keys(old.json())).toEqual(['code']);
      expect((await post('/register/email/verify/', { code: second }, bearer(tokens))).statusCode).toBe(200);
      clock.advance(61_000);
      const verified = await resend();
      expect(verified.statusCode).toBe(400);
      expect(verified.json()).toEqual({ detail: 'This e-mail address is already verified.' });
    });

    it('mails at most 5 verification codes an hour to an account, and resends only to a signed-in caller', async () => {
      const email = uniqueEmail();
      const tokens = await signUpByEmail(getApp(), email);
      const resend = () => post('/register/email/verify/resend/', {}, bearer(tokens));
      for (let n = 2; n <= 5; n++) {
        clock.advance(61_000);
        expect((await resend()).statusCode).toBe(200);
      }
      clock.advance(61_000);
      expect((await resend()).statusCode).toBe(429);
      // An hour on (signed in again: the access token has expired meanwhile), the account may have codes again.
      clock.advance(60 * 60 * 1000);
      const again = await post('/register/login/', { email, password: PASSWORD });
      expect(again.statusCode).toBe(200);
      expect((await post('/register/email/verify/resend/', {}, bearer(again.json()))).statusCode).toBe(200);
      expect((await post('/register/email/verify/resend/', {})).statusCode).toBe(401);
    });

    it('a wrong verification code is a code field error; 5 tries, then the code is dead', async () => {
      const email = uniqueEmail();
      const tokens = await signUpByEmail(getApp(), email);
      const code = await codeFromOutbox(getApp(), email);
      const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
      const first = await post('/register/email/verify/', { code: wrong }, bearer(tokens));
      expect(first.json()).toEqual({ code: ['Invalid or expired code.'] });
      for (let attempt = 0; attempt < 4; attempt++)
        await post('/register/email/verify/', { code: wrong }, bearer(tokens));
      const right = await post('/register/email/verify/', { code }, bearer(tokens));
      expect(right.json()).toEqual({ code: ['Too many wrong codes. Request a new code.'] });
    });

    it('a verification code expires after 10 minutes', async () => {
      const email = uniqueEmail();
      const tokens = await signUpByEmail(getApp(), email);
      const code = await codeFromOutbox(getApp(), email);
      clock.advance(10 * 60 * 1000 + 1);
      const response = await post('/register/email/verify/', { code }, bearer(tokens));
      expect(response.json()).toEqual({ code: ['Invalid or expired code.'] });
    });

    it('verification needs a token', async () => {
      const response = await post('/register/email/verify/', { code: '123456' });
      expect(response.statusCode).toBe(401);
    });

    describe('password reset by e-mail', () => {
      it('answers the same 200 for an unknown address (docs/decisions.md#auth-appsapi)', async () => {
        const email = uniqueEmail();
        await signUpByEmail(getApp(), email);
        const known = await post('/email/reset-password/', { email });
        const unknown = await post('/email/reset-password/', { email: uniqueEmail('nobody') });
        expect(known.statusCode).toBe(200);
        expect(unknown.statusCode).toBe(200);
        expect(unknown.json()).toEqual(known.json());
      });

      /** Asks for a reset code and reads it once it has gone out (the answer comes before the send). */
      const resetCode = async (email: string) => {
        expect((await post('/email/reset-password/', { email })).statusCode).toBe(200);
        await getApp().auth.pendingWork.settled();
        return codeFromOutbox(getApp(), email);
      };

      it('sets the new password with the code and its address (docs/decisions.md#sign-in-and-account-security)', async () => {
        const email = uniqueEmail();
        const tokens = await signUpByEmail(getApp(), email);
        const code = await resetCode(email);
        const confirm = await post('/email/reset-password/confirm/', {
          email,
          code,
          new_password: 'plum-orchard-19',
        });
        expect(confirm.statusCode).toBe(200);
        const login = await post('/register/login/', { email, password: 'plum-orchard-19' });
        expect(login.statusCode).toBe(200);
        // The reset ends the sessions of whoever held the old password.
        const refresh = await post('/auth/token/refresh/', { refresh: tokens.refresh });
        expect(refresh.statusCode).toBe(401);
      });

      it('needs the address with the code: a code alone is a field error (docs/decisions.md#sign-in-and-account-security)', async () => {
        const email = uniqueEmail();
        await signUpByEmail(getApp(), email);
        const code = await resetCode(email);
        const alone = await post('/email/reset-password/confirm/', { code, new_password: 'plum-orchard-19' });
        expect(alone.statusCode).toBe(400);
        expect(alone.json()).toEqual({ email: ['This field is required.'] });
      });

      it('a reset code is single use', async () => {
        const email = uniqueEmail();
        await signUpByEmail(getApp(), email);
        const code = await resetCode(email);
        const payload = { email, code, new_password: 'plum-orchard-19' };
        expect((await post('/email/reset-password/confirm/', payload)).statusCode).toBe(200);
        const again = await post('/email/reset-password/confirm/', payload);
        expect(again.json()).toEqual({ code: ['Invalid or expired code.'] });
      });

      it('a weak new password is a new_password field error and leaves the code usable', async () => {
        const email = uniqueEmail();
        await signUpByEmail(getApp(), email);
        const code = await resetCode(email);
        const confirm = (new_password: string) =>
          post('/email/reset-password/confirm/', { email, code, new_password });
        expect((await confirm('password1')).json()).toEqual({
          new_password: ['This password is too common.'],
        });
        expect((await confirm(email)).json<{ new_password: unknown }>().new_password).toContain(
          'The password is too similar to your e-mail address or phone number.',
        );
        expect((await confirm('plum-orchard-19')).statusCode).toBe(200);
      });

      it('an address past 5 wrong codes waits, 1 s then doubling, while the owner elsewhere resets (docs/decisions.md#e-mail-reset-codes)', async () => {
        const email = uniqueEmail('typed-at');
        await signUpByEmail(getApp(), email);
        const code = await resetCode(email);
        const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
        const guesser = uniqueIp();
        const guess = () =>
          getApp().inject({
            method: 'POST',
            url: '/email/reset-password/confirm/',
            payload: { email, code: wrong, new_password: 'plum-orchard-19' },
            remoteAddress: guesser,
          });
        const free = [];
        for (let attempt = 0; attempt < 5; attempt++)
          free.push((await guess()).json<{ code: string[] }>().code[0]);
        expect(free).toEqual([
          ...Array<string>(4).fill('Invalid or expired code.'),
          'Too many wrong codes. Request a new code.',
        ]);
        const waits = [];
        for (let round = 0; round < 2; round++) {
          expect((await guess()).statusCode).toBe(400); // counted: the wait after it is longer
          const waiting = await guess();
          expect(waiting.statusCode).toBe(429);
          expect(waiting.json()).toEqual({
            detail: expect.stringMatching(/^Request was throttled\. Expected available in \d+ seconds?\.$/),
          });
          waits.push(waiting.headers['retry-after']);
          clock.advance(Number(waiting.headers['retry-after']) * 1000);
        }
        expect(waits).toEqual(['1', '2']);
        const owner = await post('/email/reset-password/confirm/', {
          email,
          code,
          new_password: 'plum-orchard-19',
        });
        expect(owner.statusCode).toBe(200);
      });

      it('a reset code verifies the e-mail, since it proves the address', async () => {
        const email = uniqueEmail();
        await signUpByEmail(getApp(), email);
        const code = await resetCode(email);
        await post('/email/reset-password/confirm/', { email, code, new_password: 'plum-orchard-19' });
        const login = (await post('/register/login/', { email, password: 'plum-orchard-19' })).json<{
          access: string;
        }>();
        const info = await getApp().inject({
          method: 'GET',
          url: '/api/v1/user/info/',
          headers: bearer(login),
        });
        expect(info.json()).toMatchObject({ is_member: true });
      });
    });
  },
  {},
  { clock },
);

/** An e-mail sender that fails for the addresses in `failing`, and keeps what it sent to the others. */
function flakyEmailSender() {
  const failing = new Set<string>();
  const sent: Array<{ to: string; text: string }> = [];
  return {
    failing,
    lastCodeTo: (to: string) =>
      sent
        .filter((mail) => mail.to === to)
        .at(-1)
        ?.text.match(/\d{6}/)?.[0],
    sender: {
      name: 'flaky',
      send(message: EmailMessage) {
        if (failing.has(message.to)) return Promise.reject(new DeliveryError('mail server down', 'flaky'));
        sent.push({ to: message.to, text: message.text });
        return Promise.resolve();
      },
    },
  };
}

const mail = flakyEmailSender();

describeOnOneDatabase(
  'a verification code that cannot be mailed',
  (getApp) => {
    it('answers 503 {detail} to a resend the mail server refuses, and a later resend brings a code that verifies', async () => {
      const email = uniqueEmail();
      const tokens = await signUpByEmail(getApp(), email);
      const resend = () =>
        getApp().inject({
          method: 'POST',
          url: '/register/email/verify/resend/',
          headers: bearer(tokens),
          remoteAddress: uniqueIp(),
        });
      mail.failing.add(email);
      clock.advance(61_000);
      const refused = await resend();
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toEqual({
        detail: 'We could not send the e-mail right now. Please try again in a moment.',
      });

      mail.failing.delete(email);
      clock.advance(61_000);
      expect((await resend()).statusCode).toBe(200);
      const verified = await getApp().inject({
        method: 'POST',
        url: '/register/email/verify/',
        payload: { code: mail.lastCodeTo(email) },
        headers: bearer(tokens),
        remoteAddress: uniqueIp(),
      });
      expect(verified.statusCode).toBe(200);
    });
  },
  {},
  { clock, emailSender: mail.sender },
);
