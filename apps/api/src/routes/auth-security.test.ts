import { testConfig } from '../config';
import {
  bearer,
  codeFromOutbox,
  signUpByEmail,
  signUpByPhone,
  testClock,
  uniqueEmail,
  uniqueIp,
  uniquePhoneNumber,
} from '../testing/sign-in';
import { describeEachDatabase } from '../testing/test-app';

// Attacks found in review, each shut and kept shut by a test.
const clock = testClock();
const rateLimits = {
  ...testConfig().rateLimits,
  resetPerIp: { max: 3, windowSeconds: 3600 },
  codeOnlyResetFailures: { max: 5, windowSeconds: 300 },
};

describeEachDatabase(
  'attacks on sign-in',
  (getApp) => {
    const post = (url: string, payload: object, remoteAddress = uniqueIp(), headers = {}) =>
      getApp().inject({ method: 'POST', url, payload, remoteAddress, headers });

    it('caps wrong guesses of e-mail reset codes sent without an address, for the whole service', async () => {
      const email = uniqueEmail('victim');
      await signUpByEmail(getApp(), email);
      await post('/email/reset-password/', { email });
      const code = await codeFromOutbox(getApp(), email);
      const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
      const guesses = [];
      for (let guess = 0; guess < 6; guess++) {
        guesses.push(
          (await post('/email/reset-password/confirm/', { code: wrong, new_password: 'Attacker-pass-1234!' }))
            .statusCode,
        );
      }
      expect(guesses).toEqual([400, 400, 400, 400, 400, 429]);
      // Even the right code waits now: the budget protects every live code at once.
      expect(
        (await post('/email/reset-password/confirm/', { code, new_password: 'Attacker-pass-1234!' }))
          .statusCode,
      ).toBe(429);
      clock.advance(301 * 1000);
      expect(
        (await post('/email/reset-password/confirm/', { code, new_password: 'Owner-pass-1234!' })).statusCode,
      ).toBe(200);
    });

    it('counts every address of one IPv6 /64 as one client', async () => {
      const answers = [];
      for (let host = 1; host <= 4; host++) {
        const reset = await post(
          '/auth/reset-password/',
          { phone_number: uniquePhoneNumber() },
          `2001:db8:7:7::${host}`,
        );
        answers.push(reset.statusCode);
      }
      expect(answers).toEqual([200, 200, 200, 429]);
    });

    it('does not let a phone change take over a number someone is signing up with', async () => {
      const victimNumber = uniquePhoneNumber();
      expect((await post('/register/', { phone_number: victimNumber })).statusCode).toBe(200);
      clock.advance(61 * 1000);
      const attacker = await signUpByEmail(getApp());
      const change = await post(
        '/phone_number/update/',
        { phone_number: victimNumber },
        uniqueIp(),
        bearer(attacker),
      );
      expect(change.statusCode).toBe(400);
      expect(change.json()).toEqual({
        error: 'This phone number is being verified right now. Try again in 10 minutes.',
      });
      const code = await codeFromOutbox(getApp(), victimNumber);
      const verified = await post('/verify/', { phone_number: victimNumber, code });
      expect(verified.json()).toMatchObject({ created: true });
      expect(verified.json().user.pk).not.toBe(attacker.user.pk);
    });

    it('never resends someone else’s phone-change PIN through the public /generate/', async () => {
      const attacker = await signUpByPhone(getApp());
      const target = uniquePhoneNumber();
      await post('/phone_number/update/', { phone_number: target }, uniqueIp(), bearer(attacker));
      clock.advance(61 * 1000);
      expect((await post('/generate/', { phone_number: target })).statusCode).toBe(200);
      const code = await codeFromOutbox(getApp(), target);
      const verified = await post('/verify/', { phone_number: target, code });
      expect(verified.statusCode).toBe(200);
      expect(verified.json().user.pk).not.toBe(attacker.user.pk);
    });

    it('ends every session when the password is reset with the account’s own token', async () => {
      const tokens = await signUpByPhone(getApp());
      const reset = await post(
        '/auth/reset-password/confirm/',
        { phone_number: tokens.user.phone_number, new_password: 'violet-harbor-42' },
        uniqueIp(),
        bearer(tokens),
      );
      expect(reset.statusCode).toBe(200);
      const refresh = await post('/auth/token/refresh/', { refresh: tokens.refresh });
      expect(refresh.statusCode).toBe(401);
    });
  },
  { rateLimits },
  { clock },
);
