import type { AuthTokens, Notice, SignInOrUpTokens, User } from '@wingmate/api-contract';
import { eq } from 'drizzle-orm';
import { MessageOutbox } from '../adapters/messaging/outbox';
import { messageCounters, notices, users } from '../db/schema';
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
type Headers = Record<string, string>;

describeOnOneDatabase(
  'the account page: names, e-mail change, notices, user info (docs/decisions.md#calls)',
  (getApp) => {
    const post = (url: string, payload: object, headers: Headers = {}, remoteAddress = uniqueIp()) =>
      getApp().inject({ method: 'POST', url, payload, headers, remoteAddress });
    const get = (url: string, headers: Headers = {}) =>
      getApp().inject({ method: 'GET', url, headers, remoteAddress: uniqueIp() });
    const outbox = () => new MessageOutbox(getApp().database.db);
    const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

    describe('updateUser (POST /api/v1/accounts/user/update/)', () => {
      it('changes the names, trimmed, and answers the user as GET /auth/user/ does', async () => {
        const tokens = await signUpByEmail(getApp());
        const response = await post(
          '/api/v1/accounts/user/update/',
          { first_name: '  Ann  ', last_name: ' Lee' },
          bearer(tokens),
        );
        expect(response.statusCode).toBe(200);
        expect(response.json()).toMatchObject({ first_name: 'Ann', last_name: 'Lee' });
        expect(response.json()).toEqual((await get('/auth/user/', bearer(tokens))).json());
      });

      it('changes only the names sent; an empty name clears it', async () => {
        const tokens = await signUpByEmail(getApp());
        await post('/api/v1/accounts/user/update/', { first_name: 'Ann', last_name: 'Lee' }, bearer(tokens));
        const response = await post('/api/v1/accounts/user/update/', { last_name: '' }, bearer(tokens));
        expect(response.json()).toMatchObject({ first_name: 'Ann', last_name: '' });
        const nothing = await post('/api/v1/accounts/user/update/', {}, bearer(tokens));
        expect(nothing.json()).toMatchObject({ first_name: 'Ann', last_name: '' });
      });

      it('refuses a name over 150 characters, one with a line break, and a wrong type as field errors', async () => {
        const tokens = await signUpByEmail(getApp());
        const long = await post(
          '/api/v1/accounts/user/update/',
          { first_name: 'x'.repeat(151) },
          bearer(tokens),
        );
        expect(long.statusCode).toBe(400);
        expect(Object.keys(long.json())).toEqual(['first_name']);
        const broken = await post(
          '/api/v1/accounts/user/update/',
          { last_name: 'Lee\nSmith' },
          bearer(tokens),
        );
        expect(broken.json()).toEqual({ last_name: ['Names cannot contain line breaks or tabs.'] });
        const typed = await post('/api/v1/accounts/user/update/', { first_name: 7 }, bearer(tokens));
        expect(typed.json()).toEqual({ first_name: ['Not a valid string.'] });
        expect((await get('/auth/user/', bearer(tokens))).json()).toMatchObject({
          first_name: '',
          last_name: '',
        });
      });

      it('needs a token', async () => {
        expect((await post('/api/v1/accounts/user/update/', { first_name: 'Ann' })).statusCode).toBe(401);
      });
    });

    describe('e-mail change (a code to the new address, then confirm)', () => {
      const request = (tokens: AuthTokens, email: string, password = PASSWORD) =>
        post('/api/v1/accounts/user/email/change/', { email, password }, bearer(tokens));
      /** A phone account has no password: it proves itself with the code confirm/ texts to its phone. */
      const emailChangeCode = async (tokens: SignInOrUpTokens) => {
        clock.advance(61 * 1000); // the sign-up's PIN was this minute's send to the number
        const sent = await post(
          '/api/v1/accounts/user/confirm/',
          { purpose: 'email_change' },
          bearer(tokens),
        );
        expect(sent.json()).toMatchObject({ channel: 'sms', sent_to: tokens.user.phone_number });
        return codeFromOutbox(getApp(), tokens.user.phone_number as string);
      };
      const confirm = (tokens: AuthTokens, email: string, code: string) =>
        post('/api/v1/accounts/user/email/change/confirm/', { email, code }, bearer(tokens));

      it('sends a code to the new address; confirmed, it is the verified address and the old one is told', async () => {
        const oldEmail = uniqueEmail('old');
        const tokens = await signUpByEmail(getApp(), oldEmail);
        const newEmail = uniqueEmail('new');
        const sent = await request(tokens, newEmail);
        expect([sent.statusCode, sent.json()]).toEqual([
          200,
          { detail: `A confirmation code was sent to ${newEmail}.`, channel: 'email', sent_to: newEmail },
        ]);
        const code = await codeFromOutbox(getApp(), newEmail);
        // Nothing changes before the code comes back.
        expect((await get('/auth/user/', bearer(tokens))).json()).toMatchObject({ email: oldEmail });
        const confirmed = await confirm(tokens, newEmail, code);
        expect(confirmed.statusCode).toBe(200);
        expect(confirmed.json()).toEqual((await get('/auth/user/', bearer(tokens))).json());
        expect(confirmed.json<User>().email).toBe(newEmail);
        expect((await get('/api/v1/user/info/', bearer(tokens))).json()).toMatchObject({ is_member: true });
        expect((await post('/register/login/', { email: newEmail, password: PASSWORD })).statusCode).toBe(
          200,
        );
        expect((await post('/register/login/', { email: oldEmail, password: PASSWORD })).statusCode).toBe(
          400,
        );
        await getApp().auth.pendingWork.settled();
        const alert = await outbox().latest(oldEmail, 'email');
        expect(alert?.subject).toBe('Your Wingmate e-mail address was changed');
        expect(alert?.body).toContain(newEmail);
      });

      it('gives a phone account its first e-mail address, with the code confirm/ texted to its phone', async () => {
        const tokens = await signUpByPhone(getApp());
        const email = uniqueEmail('first');
        const code = await emailChangeCode(tokens);
        const sent = await post('/api/v1/accounts/user/email/change/', { email, code }, bearer(tokens));
        expect(sent.json()).toMatchObject({ channel: 'email', sent_to: email });
        // The confirm/ code is spent: it cannot start a second change.
        clock.advance(61 * 1000);
        const again = await post(
          '/api/v1/accounts/user/email/change/',
          { email: uniqueEmail(), code },
          bearer(tokens),
        );
        expect(again.json()).toEqual({ code: ['Invalid or expired code.'] });
        const confirmed = await confirm(tokens, email, await codeFromOutbox(getApp(), email));
        expect(confirmed.json()).toMatchObject({ email, phone_number: tokens.user.phone_number });
      });

      it('refuses an address that is taken (whatever its case) or invalid as an email field error', async () => {
        const taken = uniqueEmail('Taken');
        await signUpByEmail(getApp(), taken);
        const tokens = await signUpByEmail(getApp());
        const response = await request(tokens, taken.toUpperCase());
        expect([response.statusCode, response.json()]).toEqual([
          400,
          { email: ['A user with this e-mail address already exists.'] },
        ]);
        const invalid = await request(tokens, 'not-an-address');
        expect(invalid.json()).toEqual({ email: ['Enter a valid value.'] });
      });

      it('refuses the verified address the account already has', async () => {
        const email = uniqueEmail();
        const tokens = await signUpByEmail(getApp(), email);
        await post(
          '/register/email/verify/',
          { code: await codeFromOutbox(getApp(), email) },
          bearer(tokens),
        );
        expect((await request(tokens, email)).json()).toEqual({
          email: ['This is already your e-mail address.'],
        });
      });

      it('an address taken between the code and the confirm is refused, and nothing changes', async () => {
        const tokens = await signUpByEmail(getApp());
        const contested = uniqueEmail('contested');
        await request(tokens, contested);
        const code = await codeFromOutbox(getApp(), contested);
        await signUpByEmail(getApp(), contested);
        const response = await confirm(tokens, contested, code);
        expect(response.json()).toEqual({ email: ['A user with this e-mail address already exists.'] });
      });

      it('the code is good for its address only, 5 tries, single use', async () => {
        const tokens = await signUpByEmail(getApp());
        const email = uniqueEmail('target');
        await request(tokens, email);
        const code = await codeFromOutbox(getApp(), email);
        const otherAddress = await confirm(tokens, uniqueEmail('other'), code);
        expect(otherAddress.json()).toEqual({ code: ['Invalid or expired code.'] });
        expect((await confirm(tokens, email, code)).statusCode).toBe(200);
        expect((await confirm(tokens, email, code)).json()).toEqual({ code: ['Invalid or expired code.'] });
      });

      it('five wrong codes kill the code', async () => {
        const tokens = await signUpByEmail(getApp());
        const email = uniqueEmail('guessed');
        await request(tokens, email);
        const code = await codeFromOutbox(getApp(), email);
        for (let attempt = 0; attempt < 5; attempt++) await confirm(tokens, email, wrongCode(code));
        expect((await confirm(tokens, email, code)).json()).toEqual({
          code: ['Too many wrong codes. Request a new code.'],
        });
      });

      it('a code expires after 10 minutes', async () => {
        const tokens = await signUpByEmail(getApp());
        const email = uniqueEmail('late');
        await request(tokens, email);
        const code = await codeFromOutbox(getApp(), email);
        clock.advance(10 * 60 * 1000 + 1);
        expect((await confirm(tokens, email, code)).json()).toEqual({ code: ['Invalid or expired code.'] });
      });

      it('sends at most one code a minute (429 with Retry-After)', async () => {
        const tokens = await signUpByEmail(getApp());
        expect((await request(tokens, uniqueEmail())).statusCode).toBe(200);
        const again = await request(tokens, uniqueEmail());
        expect(again.statusCode).toBe(429);
        expect(again.headers['retry-after']).toBeDefined();
        clock.advance(61 * 1000);
        expect((await request(tokens, uniqueEmail())).statusCode).toBe(200);
      });

      it('an account with a password needs it: missing or wrong is a password field error, and nothing is sent', async () => {
        const tokens = await signUpByEmail(getApp());
        const email = uniqueEmail('stolen-token');
        const missing = await post('/api/v1/accounts/user/email/change/', { email }, bearer(tokens));
        expect([missing.statusCode, missing.json()]).toEqual([
          400,
          { password: ['Enter your current password to change your e-mail address.'] },
        ]);
        const wrong = await request(tokens, email, 'not my password');
        expect([wrong.statusCode, wrong.json()]).toEqual([400, { password: ['The password is not right.'] }]);
        // A code is no way around the password.
        const coded = await post(
          '/api/v1/accounts/user/email/change/',
          { email, code: '123456' },
          bearer(tokens),
        );
        expect(coded.json()).toEqual({
          password: ['Enter your current password to change your e-mail address.'],
        });
        expect(await outbox().latest(email)).toBeUndefined();
      });

      it('wrong passwords count toward the sign-in lockout: 429 with Retry-After at that address, shared with the password change', async () => {
        const tokens = await signUpByEmail(getApp());
        const attacker = uniqueIp();
        const guess = (password: string) =>
          post(
            '/api/v1/accounts/user/email/change/',
            { email: uniqueEmail('guess'), password },
            bearer(tokens),
            attacker,
          );
        for (let attempt = 0; attempt < 6; attempt++) {
          expect((await guess(`guess-${attempt}-xyz`)).statusCode).toBe(400);
        }
        const locked = await guess(PASSWORD);
        expect(locked.statusCode).toBe(429);
        expect(Number(locked.headers['retry-after'])).toBeGreaterThanOrEqual(1);
        const passwordChange = await post(
          '/auth/password/change/',
          { old_password: PASSWORD, new_password: 'another horse battery staple' },
          bearer(tokens),
          attacker,
        );
        expect(passwordChange.statusCode).toBe(429);
        // The owner elsewhere is not slowed (docs/decisions.md#sign-in-and-account-security).
        expect((await request(tokens, uniqueEmail('owner'))).statusCode).toBe(200);
      });

      it('an account without a password needs the e-mail change code of confirm/, not one for another purpose', async () => {
        const tokens = await signUpByPhone(getApp());
        const email = uniqueEmail('coded');
        const missing = await post('/api/v1/accounts/user/email/change/', { email }, bearer(tokens));
        expect([missing.statusCode, missing.json()]).toEqual([
          400,
          {
            code: ['Enter the code we sent to confirm the change (ask for one with accounts/user/confirm/).'],
          },
        ]);
        clock.advance(61 * 1000);
        await post('/api/v1/accounts/user/confirm/', { purpose: 'delete' }, bearer(tokens));
        const deleteCode = await codeFromOutbox(getApp(), tokens.user.phone_number as string);
        const misused = await post(
          '/api/v1/accounts/user/email/change/',
          { email, code: deleteCode },
          bearer(tokens),
        );
        expect([misused.statusCode, misused.json()]).toEqual([400, { code: ['Invalid or expired code.'] }]);
        const code = await emailChangeCode(tokens);
        const wrong = await post(
          '/api/v1/accounts/user/email/change/',
          { email, code: wrongCode(code) },
          bearer(tokens),
        );
        expect(wrong.json()).toEqual({ code: ['Invalid or expired code.'] });
        expect(await outbox().latest(email)).toBeUndefined();
        const sent = await post('/api/v1/accounts/user/email/change/', { email, code }, bearer(tokens));
        expect(sent.statusCode).toBe(200);
      });

      it('an account with no password, phone or verified address gets a clear 400 (none should exist)', async () => {
        const tokens = await signUpByPhone(getApp());
        await getApp()
          .database.db.update(users)
          .set({ phoneNumber: null, email: null, emailVerifiedAt: null })
          .where(eq(users.id, tokens.user.pk));
        const response = await post(
          '/api/v1/accounts/user/email/change/',
          { email: uniqueEmail('stuck'), code: '123456' },
          bearer(tokens),
        );
        expect([response.statusCode, response.json()]).toEqual([
          400,
          {
            non_field_errors: [
              'This account has no password, phone number or verified e-mail address to confirm the change with. Contact support.',
            ],
          },
        ]);
      });

      it('needs a token', async () => {
        expect((await post('/api/v1/accounts/user/email/change/', { email: uniqueEmail() })).statusCode).toBe(
          401,
        );
        const anonymous = await post('/api/v1/accounts/user/email/change/confirm/', {
          email: uniqueEmail(),
          code: '123456',
        });
        expect(anonymous.statusCode).toBe(401);
      });
    });

    describe('notices (GET accounts/messages/, POST accounts/messages/{id}/read/)', () => {
      const db = () => getApp().database.db;
      const list = async (headers: Headers, query = '') =>
        (await get(`/api/v1/accounts/messages/${query}`, headers)).json<{ results: Notice[] }>().results;
      const notice = async (userId: number | null, title: string) => {
        const [row] = await db()
          .insert(notices)
          .values({ userId, kind: 'info', title, body: `${title} body` })
          .returning();
        if (!row) throw new Error('notice not stored');
        return row;
      };

      it('a visitor (by uid) gets the notices for everyone, unread; not anyone’s own', async () => {
        const someone = await signUpByEmail(getApp());
        const forAll = await notice(null, 'For everyone');
        const own = await notice(someone.user.pk, 'Only for someone');
        const response = await get(`/api/v1/accounts/messages/?uid=${crypto.randomUUID()}`);
        expect(response.statusCode).toBe(200);
        const results = response.json<{ results: Notice[] }>().results;
        expect(results.find((n) => n.id === forAll.id)).toMatchObject({ title: 'For everyone', read: false });
        expect(results.some((n) => n.id === own.id)).toBe(false);
        expect(results.every((n) => n.read === false)).toBe(true);
      });

      it('a member gets their own and those for everyone, newest first, each with their read state', async () => {
        const member = await signUpByEmail(getApp());
        const forAll = await notice(null, 'Rebrand');
        const own = await notice(member.user.pk, 'Your receipt');
        const results = await list(bearer(member));
        const ids = results.map((n) => n.id);
        expect(ids).toEqual(expect.arrayContaining([forAll.id, own.id]));
        expect(ids.indexOf(own.id)).toBeLessThan(ids.indexOf(forAll.id));
      });

      it('marking a notice for everyone read is per person: others and visitors still see it unread', async () => {
        const reader = await signUpByEmail(getApp());
        const other = await signUpByEmail(getApp());
        const forAll = await notice(null, 'Shared');
        const marked = await post(`/api/v1/accounts/messages/${forAll.id}/read/`, {}, bearer(reader));
        expect([marked.statusCode, marked.json()]).toEqual([
          200,
          expect.objectContaining({ id: forAll.id, title: 'Shared', read: true }),
        ]);
        const readState = async (headers: Headers, query = '') =>
          (await list(headers, query)).find((n) => n.id === forAll.id)?.read;
        expect(await readState(bearer(reader))).toBe(true);
        expect(await readState(bearer(other))).toBe(false);
        expect(await readState({}, `?uid=${crypto.randomUUID()}`)).toBe(false);
        // Marking again is no error.
        expect(
          (await post(`/api/v1/accounts/messages/${forAll.id}/read/`, {}, bearer(reader))).statusCode,
        ).toBe(200);
      });

      it("marks the member's own notice read", async () => {
        const member = await signUpByEmail(getApp());
        const own = await notice(member.user.pk, 'Yours');
        await post(`/api/v1/accounts/messages/${own.id}/read/`, {}, bearer(member));
        expect((await list(bearer(member))).find((n) => n.id === own.id)?.read).toBe(true);
      });

      it("someone else's notice and an unknown id are 404; marking needs a token", async () => {
        const member = await signUpByEmail(getApp());
        const other = await signUpByEmail(getApp());
        const theirs = await notice(other.user.pk, 'Theirs');
        const response = await post(`/api/v1/accounts/messages/${theirs.id}/read/`, {}, bearer(member));
        expect([response.statusCode, response.json()]).toEqual([404, { detail: 'Not found.' }]);
        expect(
          (await post('/api/v1/accounts/messages/2147483647/read/', {}, bearer(member))).statusCode,
        ).toBe(404);
        expect((await post(`/api/v1/accounts/messages/${theirs.id}/read/`, {})).statusCode).toBe(401);
      });

      it("a uid that belongs to an account needs that account's token (403); no token and no uid is 400", async () => {
        const uid = crypto.randomUUID();
        await post('/register/email/', { email: uniqueEmail(), password: PASSWORD, uid });
        const response = await get(`/api/v1/accounts/messages/?uid=${uid}`);
        expect(response.statusCode).toBe(403);
        const nobody = await get('/api/v1/accounts/messages/');
        expect([nobody.statusCode, nobody.json()]).toEqual([400, { uid: ['This field is required.'] }]);
      });
    });

    describe('user info (GET /api/v1/user/info/, optional-auth)', () => {
      it("a visitor's uid gives its free messages left, and the fields of an account with no plan, empty", async () => {
        const uid = crypto.randomUUID();
        const fresh = await get(`/api/v1/user/info/?uid=${uid}`);
        expect(fresh.statusCode).toBe(200);
        const freeMessages = getApp().auth.config.metering.freeMessages;
        expect(fresh.json()).toEqual({
          pk: null,
          first_name: '',
          last_name: '',
          phone_number: null,
          email: null,
          system_number: getApp().auth.config.systemNumber,
          date_joined: null,
          has_password: false,
          terms_accepted_at: null,
          remaining_messages: freeMessages,
          has_subscription: false,
          is_member: false,
        });
        await getApp()
          .database.db.insert(messageCounters)
          .values({ key: `uid:${uid}`, period: 'all', used: 2 });
        const later = await get(`/api/v1/user/info/?uid=${uid}`);
        expect(later.json()).toMatchObject({ remaining_messages: freeMessages - 2 });
      });

      it('a member gets the account, whatever uid is sent with the token', async () => {
        const tokens = await signUpByEmail(getApp());
        const response = await get(`/api/v1/user/info/?uid=${crypto.randomUUID()}`, bearer(tokens));
        expect(response.json()).toMatchObject({ pk: tokens.user.pk, has_password: true, is_member: false });
      });

      it("a uid of an account needs that account's token (403); no token and no uid is 400; a bad token is 401", async () => {
        const uid = crypto.randomUUID();
        await post('/register/email/', { email: uniqueEmail(), password: PASSWORD, uid });
        expect((await get(`/api/v1/user/info/?uid=${uid}`)).statusCode).toBe(403);
        expect((await get('/api/v1/user/info/')).json()).toEqual({ uid: ['This field is required.'] });
        expect((await get('/api/v1/user/info/', { authorization: 'Bearer nonsense' })).statusCode).toBe(401);
      });
    });

    describe('the auth user carries has_password and terms_accepted_at', () => {
      it('has_password follows the account; terms_accepted_at is null without acceptance', async () => {
        const withPassword = await signUpByEmail(getApp());
        const byPhone = await signUpByPhone(getApp());
        expect(withPassword.user).toMatchObject({ has_password: true, terms_accepted_at: null });
        expect(byPhone.user).toMatchObject({ has_password: false, terms_accepted_at: null });
      });
    });
  },
  {},
  { clock },
);
