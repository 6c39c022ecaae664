import { and, eq } from 'drizzle-orm';
import { visitorAccounts } from '../db/schema';
import {
  bearer,
  codeFromOutbox,
  signUpByPhone,
  testClock,
  uniqueIp,
  uniquePhoneNumber,
} from '../testing/sign-in';
import { describeOnOneDatabase } from '../testing/test-app';

const clock = testClock();

describeOnOneDatabase(
  'phone sign-up, PIN and password sign-in',
  (getApp) => {
    const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
      getApp().inject({
        method: 'POST',
        url,
        payload: payload as object,
        headers,
        remoteAddress: uniqueIp(),
      });
    const wrongPin = (pin: string) => String((Number(pin) + 1) % 1_000_000).padStart(6, '0');

    it('sends a 6-digit PIN to the normalised number (docs/decisions.md#auth-appsapi)', async () => {
      const response = await post('/register/', { phone_number: '(201) 555-0123' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ phone_number: '+12015550123' });
      expect(await codeFromOutbox(getApp(), '+12015550123')).toMatch(/^\d{6}$/);
    });

    it('a right PIN creates the account with the sign-up names and returns tokens and created: true', async () => {
      const phone = uniquePhoneNumber();
      await post('/register/', { phone_number: phone, first_name: 'Ann', last_name: 'Lee' });
      const code = await codeFromOutbox(getApp(), phone);
      const response = await post('/verify/', { phone_number: phone, code });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        created: true,
        user: { first_name: 'Ann', last_name: 'Lee', phone_number: phone, email: null },
      });
    });

    it('a right PIN signs an existing account in, created: false (docs/decisions.md#auth-appsapi)', async () => {
      const first = await signUpByPhone(getApp());
      const phone = first.user.phone_number as string;
      clock.advance(61 * 1000);
      await post('/generate/', { phone_number: phone });
      const response = await post('/verify/', {
        phone_number: phone,
        code: await codeFromOutbox(getApp(), phone),
      });
      expect(response.json()).toMatchObject({ created: false, user: { pk: first.user.pk } });
    });

    it('links the visitor uid given at sign-up to the account', async () => {
      const tokens = await signUpByPhone(getApp(), uniquePhoneNumber(), { uid: 'visitor-uid-1' });
      const rows = await getApp()
        .database.db.select()
        .from(visitorAccounts)
        .where(and(eq(visitorAccounts.uid, 'visitor-uid-1'), eq(visitorAccounts.userId, tokens.user.pk)));
      expect(rows).toHaveLength(1);
    });

    it('stores SQL-looking and emoji names verbatim', async () => {
      const names = { first_name: "Robert'); DROP TABLE users;--", last_name: '😀 Zoë 李' };
      const tokens = await signUpByPhone(getApp(), uniquePhoneNumber(), names);
      expect(tokens.user).toMatchObject(names);
      const me = await getApp().inject({ method: 'GET', url: '/auth/user/', headers: bearer(tokens) });
      expect(me.json()).toMatchObject(names);
    });

    it.each([
      ['not a number', 'call me'],
      ['too short', '12345'],
      ['a UK number', '+44 20 7183 8750'],
      ['a Canadian number', '+1 416 555 0199'],
    ])('refuses %s as a phone_number field error (docs/product.md#validation)', async (_what, phone) => {
      const response = await post('/register/', { phone_number: phone });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ phone_number: ['Enter a valid US phone number.'] });
    });

    it('missing and mistyped fields are field errors', async () => {
      const missing = await post('/register/', { first_name: 'Ann' });
      expect(missing.json()).toEqual({ phone_number: ['This field is required.'] });
      const mistyped = await post('/verify/', { phone_number: { number: '2015550123' }, code: 'abc' });
      expect(mistyped.statusCode).toBe(400);
      expect(mistyped.json()).toEqual({
        phone_number: ['Not a valid string.'],
        code: ['Enter a valid value.'],
      });
    });

    it('refuses an invalid number on the PIN calls with {error} (docs/product.md#error-catalogue)', async () => {
      const response = await post('/generate/', { phone_number: '+44 20 7183 8750' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'Enter a valid US phone number.' });
    });

    it('a PIN allows 5 tries from one address, then it is dead there even for the right code (docs/decisions.md#auth-appsapi)', async () => {
      const phone = uniquePhoneNumber();
      await post('/register/', { phone_number: phone });
      const code = await codeFromOutbox(getApp(), phone);
      const address = uniqueIp();
      const verify = (pin: string) =>
        getApp().inject({
          method: 'POST',
          url: '/verify/',
          payload: { phone_number: phone, code: pin },
          remoteAddress: address,
        });
      const answers: string[] = [];
      for (let attempt = 0; attempt < 5; attempt++)
        answers.push((await verify(wrongPin(code))).json<{ error: string }>().error);
      expect(answers.slice(0, 4)).toEqual(Array(4).fill('Invalid code.'));
      expect(answers[4]).toBe('Too many wrong codes. Request a new code.');
      const sixth = await verify(code);
      expect(sixth.statusCode).toBe(400);
      expect(sixth.json()).toEqual({ error: 'Too many wrong codes. Request a new code.' });
    });

    it('a PIN expires after 10 minutes (docs/decisions.md#auth-appsapi)', async () => {
      const phone = uniquePhoneNumber();
      await post('/register/', { phone_number: phone });
      const code = await codeFromOutbox(getApp(), phone);
      clock.advance(10 * 60 * 1000 + 1);
      const response = await post('/verify/', { phone_number: phone, code });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'This code has expired. Request a new code.' });
    });

    it('a PIN is single use', async () => {
      const phone = uniquePhoneNumber();
      await post('/register/', { phone_number: phone });
      const code = await codeFromOutbox(getApp(), phone);
      expect((await post('/verify/', { phone_number: phone, code })).statusCode).toBe(200);
      const again = await post('/verify/', { phone_number: phone, code });
      expect(again.json()).toEqual({
        error: 'No code is pending for this phone number. Request a new code.',
      });
    });

    it('resends at most once a minute: 429 with Retry-After (docs/decisions.md#auth-appsapi)', async () => {
      const phone = uniquePhoneNumber();
      expect((await post('/register/', { phone_number: phone })).statusCode).toBe(200);
      const again = await post('/generate/', { phone_number: phone });
      expect(again.statusCode).toBe(429);
      expect(again.json<{ detail: string }>().detail).toMatch(/^Request was throttled/);
      expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
      clock.advance(61 * 1000);
      expect((await post('/generate/', { phone_number: phone })).statusCode).toBe(200);
    });

    it('sends at most 5 PINs an hour to one number (docs/decisions.md#auth-appsapi)', async () => {
      const phone = uniquePhoneNumber();
      for (let send = 0; send < 5; send++) {
        expect((await post('/generate/', { phone_number: phone })).statusCode).toBe(200);
        clock.advance(61 * 1000);
      }
      const sixth = await post('/generate/', { phone_number: phone });
      expect(sixth.statusCode).toBe(429);
    });

    it('a resent PIN replaces the old one and keeps the sign-up names', async () => {
      const phone = uniquePhoneNumber();
      await post('/register/', { phone_number: phone, first_name: 'Kim' });
      const old = await codeFromOutbox(getApp(), phone);
      clock.advance(61 * 1000);
      await post('/generate/', { phone_number: phone });
      const fresh = await codeFromOutbox(getApp(), phone);
      if (old !== fresh) {
        expect((await post('/verify/', { phone_number: phone, code: old })).statusCode).toBe(400);
      }
      const response = await post('/verify/', { phone_number: phone, code: fresh });
      expect(response.json()).toMatchObject({ created: true, user: { first_name: 'Kim' } });
    });

    it('two sign-ups racing for one number: one PIN goes out, the other is throttled, no 500', async () => {
      const phone = uniquePhoneNumber();
      const answers = await Promise.all([
        post('/register/', { phone_number: phone }),
        post('/register/', { phone_number: phone }),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 429]);
    });

    it('two verifies racing with one PIN: one signs in, the other is refused, no 500', async () => {
      const phone = uniquePhoneNumber();
      await post('/register/', { phone_number: phone });
      const code = await codeFromOutbox(getApp(), phone);
      const answers = await Promise.all([
        post('/verify/', { phone_number: phone, code }),
        post('/verify/', { phone_number: phone, code }),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    });

    describe('password sign-in and reset', () => {
      it('signs in with phone and password after a reset by PIN (docs/decisions.md#auth-appsapi)', async () => {
        const { user } = await signUpByPhone(getApp());
        const phone = user.phone_number as string;
        clock.advance(61 * 1000); // the sign-up's PIN was this minute's send
        const reset = await post('/auth/reset-password/', { phone_number: phone });
        expect(reset.statusCode).toBe(200);
        await getApp().auth.pendingWork.settled(); // the PIN goes out after the answer
        const code = await codeFromOutbox(getApp(), phone);
        const confirm = await post('/auth/reset-password/confirm/', {
          phone_number: phone,
          new_password: 'violet-harbor-42',
          code,
        });
        expect(confirm.statusCode).toBe(200);
        const login = await post('/auth/login/', { phone_number: phone, password: 'violet-harbor-42' });
        expect(login.statusCode).toBe(200);
        expect(login.json()).toMatchObject({ user: { pk: user.pk } });
      });

      it('a reset request answers the same for a number without an account', async () => {
        const known = await signUpByPhone(getApp());
        clock.advance(61 * 1000);
        const forKnown = await post('/auth/reset-password/', { phone_number: known.user.phone_number });
        const forUnknown = await post('/auth/reset-password/', { phone_number: uniquePhoneNumber() });
        expect(forUnknown.statusCode).toBe(forKnown.statusCode);
        expect(forUnknown.json()).toEqual(forKnown.json());
      });

      it('a bearer token alone sets no password: the reset PIN is the proof (docs/decisions.md#sign-in-and-account-security)', async () => {
        const tokens = await signUpByPhone(getApp());
        const phone = tokens.user.phone_number as string;
        const confirm = await post(
          '/auth/reset-password/confirm/',
          { phone_number: phone, new_password: 'amber-canyon-77' },
          bearer(tokens),
        );
        expect(confirm.statusCode).toBe(400);
        expect(confirm.json()).toEqual({ code: ['Enter the code we sent to your phone.'] });
        expect(
          (await post('/auth/login/', { phone_number: phone, password: 'amber-canyon-77' })).statusCode,
        ).toBe(400);
      });

      it("refuses a reset confirm without proof, or with another account's token", async () => {
        const owner = await signUpByPhone(getApp());
        const other = await signUpByPhone(getApp());
        const payload = { phone_number: owner.user.phone_number, new_password: 'amber-canyon-77' };
        const none = await post('/auth/reset-password/confirm/', payload);
        expect(none.json()).toEqual({ code: ['Enter the code we sent to your phone.'] });
        const wrongToken = await post('/auth/reset-password/confirm/', payload, bearer(other));
        expect(wrongToken.statusCode).toBe(400);
        const wrongCode = await post('/auth/reset-password/confirm/', { ...payload, code: '000000' });
        expect(wrongCode.json()).toEqual({
          code: ['No code is pending for this phone number. Request a new code.'],
        });
      });

      it.each([
        ['too short', 'abc12', 'This password is too short. It must contain at least 8 characters.'],
        ['too common', 'Password123', 'This password is too common.'],
        ['the phone number', 'PHONE', 'The password is too similar to your e-mail address or phone number.'],
      ])(
        'refuses a new password that is %s as a new_password field error',
        async (_what, password, message) => {
          const tokens = await signUpByPhone(getApp());
          const phone = tokens.user.phone_number as string;
          const newPassword = password === 'PHONE' ? phone : password;
          const response = await post('/auth/reset-password/confirm/', {
            phone_number: phone,
            new_password: newPassword,
          });
          expect(response.statusCode).toBe(400);
          expect(response.json<{ new_password: unknown }>().new_password).toContain(message);
        },
      );

      it('a wrong password and an unknown number get the same DRF answer', async () => {
        const tokens = await signUpByPhone(getApp());
        const wrong = await post('/auth/login/', {
          phone_number: tokens.user.phone_number,
          password: 'nope-nope-1',
        });
        const unknown = await post('/auth/login/', {
          phone_number: uniquePhoneNumber(),
          password: 'nope-nope-1',
        });
        expect(wrong.statusCode).toBe(400);
        expect(wrong.json()).toEqual({ non_field_errors: ['Unable to log in with provided credentials.'] });
        expect(unknown.json()).toEqual(wrong.json());
      });
    });

    describe('phone number update', () => {
      /** An account without a password proves a phone change with a PIN sent to its current number. */
      const phoneChangeCode = async (tokens: { access: string; user: { phone_number: string | null } }) => {
        clock.advance(61 * 1000); // the sign-up's PIN was this minute's send to the number
        const confirm = await post(
          '/api/v1/accounts/user/confirm/',
          { purpose: 'phone_change' },
          bearer(tokens),
        );
        expect(confirm.statusCode).toBe(200);
        return codeFromOutbox(getApp(), tokens.user.phone_number as string);
      };

      it('the new number replaces the old one only after /verify/ (docs/decisions.md#auth-appsapi)', async () => {
        const tokens = await signUpByPhone(getApp());
        const newPhone = uniquePhoneNumber();
        const code = await phoneChangeCode(tokens);
        const update = await post(
          '/phone_number/update/',
          { phone_number: newPhone, first_name: 'Neo', code },
          bearer(tokens),
        );
        expect(update.statusCode).toBe(200);
        const before = await getApp().inject({ method: 'GET', url: '/auth/user/', headers: bearer(tokens) });
        expect(before.json()).toMatchObject({ phone_number: tokens.user.phone_number, first_name: 'Neo' });
        const verify = await post('/verify/', {
          phone_number: newPhone,
          code: await codeFromOutbox(getApp(), newPhone),
        });
        expect(verify.json()).toEqual({
          user: expect.objectContaining({ pk: tokens.user.pk, phone_number: newPhone }),
        });
      });

      it("refuses another account's number with {error} (docs/product.md#error-catalogue)", async () => {
        const mine = await signUpByPhone(getApp());
        const theirs = await signUpByPhone(getApp());
        const code = await phoneChangeCode(mine); // also lets a minute pass since their sign-up PIN
        const update = await post(
          '/phone_number/update/',
          { phone_number: theirs.user.phone_number, code },
          bearer(mine),
        );
        expect(update.statusCode).toBe(400);
        expect(update.json()).toEqual({ error: 'This phone number is already in use.' });
      });

      it('needs a token', async () => {
        const update = await post('/phone_number/update/', { phone_number: uniquePhoneNumber() });
        expect(update.statusCode).toBe(401);
        expect(update.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
      });
    });
  },
  {},
  { clock },
);
