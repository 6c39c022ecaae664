import type { SignInOrUpTokens } from '@wingmate/api-contract';
import {
  codeFromOutbox,
  signUpByPhone,
  testClock,
  uniqueEmail,
  uniqueIp,
  uniquePhoneNumber,
} from '../testing/sign-in';
import { describeOnOneDatabase } from '../testing/test-app';
import { TEST_APPLE_AUDIENCE, useSocialFakes } from '../testing/social-fakes';

// docs/product.md#accounts-and-signing-in: age 18+ and the terms are accepted at sign-up, stored with the time.
const clock = testClock(Date.UTC(2026, 10, 23, 12, 0, 0));
const APP_ID = TEST_APPLE_AUDIENCE;
const fakes = useSocialFakes();
let subjects = 0;
const subject = () => `terms-subject-${++subjects}`;

describeOnOneDatabase(
  'terms accepted at sign-up (terms_accepted: true)',
  (getApp) => {
    const post = (url: string, payload: object) =>
      getApp().inject({ method: 'POST', url, payload, remoteAddress: uniqueIp() });
    const now = () => new Date(clock.now()).toISOString();

    it('an e-mail sign-up keeps the time the terms were accepted', async () => {
      const response = await post('/register/email/', { email: uniqueEmail(), terms_accepted: true });
      expect(response.statusCode).toBe(201);
      expect(response.json<{ user: unknown }>().user).toMatchObject({ terms_accepted_at: now() });
    });

    it('without terms_accepted (or with false) nothing is kept', async () => {
      const without = await post('/register/email/', { email: uniqueEmail() });
      const refused = await post('/register/email/', { email: uniqueEmail(), terms_accepted: false });
      expect([
        without.json<{ user: { terms_accepted_at: unknown } }>().user.terms_accepted_at,
        refused.json<{ user: { terms_accepted_at: unknown } }>().user.terms_accepted_at,
      ]).toEqual([null, null]);
    });

    it('a phone sign-up keeps the time of /register/ in the account /verify/ makes, through a resend too', async () => {
      const phone = uniquePhoneNumber();
      const acceptedAt = now();
      await post('/register/', { phone_number: phone, terms_accepted: true });
      clock.advance(61 * 1000);
      expect((await post('/generate/', { phone_number: phone })).statusCode).toBe(200);
      const verified = await post('/verify/', {
        phone_number: phone,
        code: await codeFromOutbox(getApp(), phone),
      });
      expect(verified.json()).toMatchObject({ created: true, user: { terms_accepted_at: acceptedAt } });
    });

    it('an existing account signing in again is not changed by terms_accepted', async () => {
      const existing = await signUpByPhone(getApp());
      const phone = existing.user.phone_number as string;
      clock.advance(61 * 1000);
      await post('/register/', { phone_number: phone, terms_accepted: true });
      const again = await post('/verify/', {
        phone_number: phone,
        code: await codeFromOutbox(getApp(), phone),
      });
      expect(again.json<SignInOrUpTokens>()).toMatchObject({
        created: false,
        user: { terms_accepted_at: null },
      });
    });

    it('Google sign-up keeps it for a new account', async () => {
      const response = await post('/api/auth/google/signup/', {
        access_token: fakes.google.issueAccessToken({ sub: subject(), email: uniqueEmail('google') }),
        terms_accepted: true,
      });
      expect(response.json()).toMatchObject({ created: true, user: { terms_accepted_at: now() } });
    });

    it('Apple keeps it for a new account, and not for one signing in again', async () => {
      const account = { sub: subject(), audience: APP_ID };
      const first = await post('/api/auth/apple/', {
        identity_token: await fakes.apple.signIdentityToken(account),
        audience: APP_ID,
        terms_accepted: true,
      });
      expect(first.json()).toMatchObject({ created: true, user: { terms_accepted_at: now() } });
      const anotherAccount = { sub: subject(), audience: APP_ID };
      await post('/api/auth/apple/', {
        identity_token: await fakes.apple.signIdentityToken(anotherAccount),
        audience: APP_ID,
      });
      const later = await post('/api/auth/apple/', {
        identity_token: await fakes.apple.signIdentityToken(anotherAccount),
        audience: APP_ID,
        terms_accepted: true,
      });
      expect(later.json()).toMatchObject({ created: false, user: { terms_accepted_at: null } });
    });

    it('a terms_accepted that is not a boolean is a field error', async () => {
      const response = await post('/register/email/', { email: uniqueEmail(), terms_accepted: 'yes' });
      expect([response.statusCode, Object.keys(response.json())]).toEqual([400, ['terms_accepted']]);
    });
  },
  fakes.overrides,
  { clock },
);
