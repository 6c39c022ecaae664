import { SignJWT } from 'jose';
import { refreshTokens } from '../db/schema';
import { bearer, signUpByEmail, signUpByPhone, testClock } from '../testing/sign-in';
import { describeOnOneDatabase } from '../testing/test-app';

const clock = testClock();
const TOKEN_NOT_VALID = { detail: 'Given token not valid for any token type', code: 'token_not_valid' };

function base64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

describeOnOneDatabase(
  'sessions and the auth hook',
  (getApp) => {
    const getUser = (headers: Record<string, string>) =>
      getApp().inject({ method: 'GET', url: '/auth/user/', headers });
    const refresh = (token: string) =>
      getApp().inject({ method: 'POST', url: '/auth/token/refresh/', payload: { refresh: token } });

    it('answers a protected call without credentials with DRF 401 (docs/decisions.md#auth-appsapi)', async () => {
      const response = await getUser({});
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
    });

    it('serves the signed-in user with a valid access token (docs/product.md#the-user)', async () => {
      const tokens = await signUpByPhone(getApp());
      const response = await getUser(bearer(tokens));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(tokens.user);
      expect(tokens.user.system_number).toBe('+15550100000');
    });

    it('refuses a tampered JWT with token_not_valid (docs/decisions.md#auth-appsapi)', async () => {
      const victim = await signUpByPhone(getApp());
      const attacker = await signUpByPhone(getApp());
      const [header, , signature] = attacker.access.split('.');
      const payload = base64url({ typ: 'access', sub: String(victim.user.pk), jti: 'x', exp: 9_999_999_999 });
      const response = await getUser({ authorization: `Bearer ${header}.${payload}.${signature}` });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(TOKEN_NOT_VALID);
    });

    it('refuses an alg "none" JWT', async () => {
      const { user } = await signUpByPhone(getApp());
      const token = `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url({ typ: 'access', sub: String(user.pk), jti: 'x', exp: 9_999_999_999 })}.`;
      const response = await getUser({ authorization: `Bearer ${token}` });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(TOKEN_NOT_VALID);
    });

    it('refuses a JWT signed with another secret', async () => {
      const { user } = await signUpByPhone(getApp());
      const token = await new SignJWT({ typ: 'access' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(user.pk))
        .setJti('x')
        .setExpirationTime(Math.floor(clock.now() / 1000) + 600)
        .sign(new TextEncoder().encode('another-secret-of-at-least-32-characters!'));
      const response = await getUser({ authorization: `Bearer ${token}` });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(TOKEN_NOT_VALID);
    });

    it('refuses an access token after its 15 minutes (docs/decisions.md#auth-appsapi)', async () => {
      const tokens = await signUpByPhone(getApp());
      clock.advance(15 * 60 * 1000 + 1000);
      const response = await getUser(bearer(tokens));
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(TOKEN_NOT_VALID);
    });

    it('refuses a refresh token used as an access token, and garbage after Bearer', async () => {
      const tokens = await signUpByPhone(getApp());
      expect((await getUser({ authorization: `Bearer ${tokens.refresh}` })).json()).toEqual(TOKEN_NOT_VALID);
      expect((await getUser({ authorization: 'Bearer' })).json()).toEqual(TOKEN_NOT_VALID);
    });

    it('rotates the refresh token: the new pair works', async () => {
      const tokens = await signUpByEmail(getApp());
      const renewed = await refresh(tokens.refresh);
      expect(renewed.statusCode).toBe(200);
      const pair = renewed.json<{ access: string; refresh: string }>();
      expect(pair.refresh).not.toBe(tokens.refresh);
      expect((await getUser(bearer(pair))).statusCode).toBe(200);
      expect((await refresh(pair.refresh)).statusCode).toBe(200);
    });

    it('answers a just-rotated refresh token again, within 10 s, with the same new pair (docs/decisions.md#sign-in-and-account-security)', async () => {
      const tokens = await signUpByEmail(getApp());
      const first = await refresh(tokens.refresh);
      clock.advance(9 * 1000);
      const second = await refresh(tokens.refresh);
      expect(second.statusCode).toBe(200);
      expect(second.json()).toEqual(first.json());
      // Nobody was signed out: the new pair works on.
      expect((await refresh(first.json<{ refresh: string }>().refresh)).statusCode).toBe(200);
    });

    it('keeps no usable copy of the new pair at rest: the stored one opens only with the old token', async () => {
      const tokens = await signUpByEmail(getApp());
      const pair = (await refresh(tokens.refresh)).json<{ access: string; refresh: string }>();
      const rows = await getApp().database.db.select().from(refreshTokens);
      const stored = JSON.stringify(rows);
      expect(stored).not.toContain(pair.refresh);
      expect(stored).not.toContain(pair.access);
      expect(stored).not.toContain(tokens.refresh);
    });

    it('revokes the whole family when a rotated refresh token is reused after 10 s (docs/decisions.md#auth-appsapi)', async () => {
      const tokens = await signUpByEmail(getApp());
      const newer = (await refresh(tokens.refresh)).json<{ refresh: string }>();
      clock.advance(10 * 1000 + 1);
      const reuse = await refresh(tokens.refresh);
      expect(reuse.statusCode).toBe(401);
      expect(reuse.json()).toEqual(TOKEN_NOT_VALID);
      const afterTheft = await refresh(newer.refresh);
      expect(afterTheft.statusCode).toBe(401);
      expect(afterTheft.json()).toEqual(TOKEN_NOT_VALID);
    });

    it('refuses an unknown refresh token', async () => {
      const response = await refresh('not-a-token-we-issued');
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(TOKEN_NOT_VALID);
    });

    it('refuses a refresh token after its 30 days', async () => {
      const tokens = await signUpByEmail(getApp());
      clock.advance(30 * 24 * 60 * 60 * 1000 + 1000);
      expect((await refresh(tokens.refresh)).statusCode).toBe(401);
    });

    it('logout revokes the refresh family, the rotated-to token included (docs/decisions.md#auth-appsapi)', async () => {
      const tokens = await signUpByEmail(getApp());
      const newer = (await refresh(tokens.refresh)).json<{ refresh: string }>();
      const logout = await getApp().inject({
        method: 'POST',
        url: '/auth/logout/',
        payload: { refresh: newer.refresh },
      });
      expect(logout.statusCode).toBe(200);
      expect(logout.json()).toEqual({ detail: 'Successfully logged out.' });
      expect((await refresh(newer.refresh)).statusCode).toBe(401);
    });

    it('logout of an unknown token still succeeds', async () => {
      const logout = await getApp().inject({
        method: 'POST',
        url: '/auth/logout/',
        payload: { refresh: 'unknown' },
      });
      expect(logout.statusCode).toBe(200);
    });

    it('refresh without a token is a field error', async () => {
      const response = await getApp().inject({ method: 'POST', url: '/auth/token/refresh/', payload: {} });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ refresh: ['This field is required.'] });
    });

    it('signs in with a login-link key as "Authorization: Token <key>" (docs/product.md#sessions-and-tokens)', async () => {
      const tokens = await signUpByPhone(getApp());
      const key = await getApp().auth.loginTokens.issue(tokens.user.pk);
      const response = await getUser({ authorization: `Token ${key}` });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ pk: tokens.user.pk });
    });

    it('refuses a revoked or unknown login-link key', async () => {
      const tokens = await signUpByPhone(getApp());
      const key = await getApp().auth.loginTokens.issue(tokens.user.pk);
      await getApp().auth.loginTokens.revoke(key);
      expect((await getUser({ authorization: `Token ${key}` })).json()).toEqual(TOKEN_NOT_VALID);
      expect((await getUser({ authorization: 'Token nope' })).statusCode).toBe(401);
    });

    it('user info adds remaining_messages, has_subscription and is_member (docs/decisions.md#auth-appsapi)', async () => {
      const phoneUser = await signUpByPhone(getApp());
      const info = await getApp().inject({
        method: 'GET',
        url: '/api/v1/user/info/',
        headers: bearer(phoneUser),
      });
      expect(info.statusCode).toBe(200);
      // A new account's free messages, and no plan.
      expect(info.json()).toMatchObject({ remaining_messages: 5, has_subscription: false, is_member: true });
    });

    it('an e-mail account is not a member until its e-mail is verified (docs/decisions.md#auth-appsapi)', async () => {
      const emailUser = await signUpByEmail(getApp());
      const info = await getApp().inject({
        method: 'GET',
        url: '/api/v1/user/info/',
        headers: bearer(emailUser),
      });
      expect(info.json()).toMatchObject({ is_member: false });
    });
  },
  {},
  { clock },
);
