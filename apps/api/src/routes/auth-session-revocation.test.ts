import { AccessTokens } from '../services/auth/access-tokens';
import { bearer, signUpByEmail, testClock, uniqueIp, type BodyModeTokens } from '../testing/sign-in';
import { describeOnOneDatabase } from '../testing/test-app';

// docs/decisions.md#sessions-in-the-browser: access tokens name their session (`sid`), and every request's user
// read checks it, so a session that ends stops its access tokens at once, not 15 minutes later.
const clock = testClock();
const TOKEN_NOT_VALID = { detail: 'Given token not valid for any token type', code: 'token_not_valid' };
const PASSWORD = 'correct horse battery staple';

describeOnOneDatabase(
  'access tokens end with their session',
  (getApp) => {
    const getUser = (tokens: { access: string }) =>
      getApp().inject({ method: 'GET', url: '/auth/user/', headers: bearer(tokens) });
    const refresh = (token: string) =>
      getApp().inject({ method: 'POST', url: '/auth/token/refresh/', payload: { refresh: token } });
    const logout = (payload: object | undefined, headers: Record<string, string> = {}) =>
      getApp().inject({ method: 'POST', url: '/auth/logout/', payload, headers });
    const signInAgain = async (email: string) =>
      (
        await getApp().inject({
          method: 'POST',
          url: '/register/login/',
          payload: { email, password: PASSWORD },
          remoteAddress: uniqueIp(),
        })
      ).json<BodyModeTokens>();

    it('carries the session id as `sid`', async () => {
      const tokens = await signUpByEmail(getApp());
      const claims = JSON.parse(Buffer.from(tokens.access.split('.')[1]!, 'base64url').toString()) as {
        sid: string;
      };
      expect(claims.sid).toMatch(/^[0-9a-f-]{36}$/);
      const renewed = (await refresh(tokens.refresh)).json<{ access: string }>();
      const renewedClaims = JSON.parse(
        Buffer.from(renewed.access.split('.')[1]!, 'base64url').toString(),
      ) as {
        sid: string;
      };
      expect(renewedClaims.sid).toBe(claims.sid);
    });

    it('refuses the access token after a logout by refresh token (body mode), its rotated successor too', async () => {
      const tokens = await signUpByEmail(getApp());
      const renewed = (await refresh(tokens.refresh)).json<{ access: string; refresh: string }>();
      expect((await logout({ refresh: renewed.refresh })).statusCode).toBe(200);
      for (const access of [tokens, renewed]) {
        const response = await getUser(access);
        expect([response.statusCode, response.json()]).toEqual([401, TOKEN_NOT_VALID]);
      }
    });

    it('leaves the same person’s other sessions signed in', async () => {
      const first = await signUpByEmail(getApp(), undefined, PASSWORD);
      const second = await signInAgain(first.user.email!);
      await logout({ refresh: first.refresh });
      expect((await getUser(first)).statusCode).toBe(401);
      expect((await getUser(second)).statusCode).toBe(200);
      expect((await refresh(second.refresh)).statusCode).toBe(200);
    });

    it('a logout naming the session by its access token alone ends it (the web holds no refresh token)', async () => {
      const tokens = await signUpByEmail(getApp());
      expect((await logout(undefined, bearer(tokens))).statusCode).toBe(200);
      expect((await getUser(tokens)).statusCode).toBe(401);
      expect((await refresh(tokens.refresh)).statusCode).toBe(401);
    });

    it('an expired access token still names its session for a logout', async () => {
      const tokens = await signUpByEmail(getApp());
      clock.advance(60 * 60 * 1000);
      expect((await logout(undefined, bearer(tokens))).statusCode).toBe(200);
      expect((await refresh(tokens.refresh)).statusCode).toBe(401);
    });

    it('a logout with a forged access token ends nothing', async () => {
      const tokens = await signUpByEmail(getApp());
      const forged = await new AccessTokens('another-secret-of-at-least-32-characters!', clock).issue(
        tokens.user.pk,
        0,
        (JSON.parse(Buffer.from(tokens.access.split('.')[1]!, 'base64url').toString()) as { sid: string })
          .sid,
      );
      expect((await logout(undefined, { authorization: `Bearer ${forged}` })).statusCode).toBe(200);
      expect((await getUser(tokens)).statusCode).toBe(200);
    });

    it('refuses the access token after log out everywhere', async () => {
      const tokens = await signUpByEmail(getApp());
      await getApp().inject({ method: 'POST', url: '/auth/logout/all/', headers: bearer(tokens) });
      expect((await getUser(tokens)).statusCode).toBe(401);
    });

    it('refuses every access token of the session when refresh-token reuse revokes it', async () => {
      const tokens = await signUpByEmail(getApp());
      const renewed = (await refresh(tokens.refresh)).json<{ access: string; refresh: string }>();
      clock.advance(10 * 1000 + 1);
      expect((await refresh(tokens.refresh)).statusCode).toBe(401);
      for (const access of [tokens, renewed]) {
        const response = await getUser(access);
        expect([response.statusCode, response.json()]).toEqual([401, TOKEN_NOT_VALID]);
      }
    });

    it('reads the session with the user in the batched reads of requests that arrive together', async () => {
      const live = await signUpByEmail(getApp());
      const ended = await signUpByEmail(getApp());
      await logout({ refresh: ended.refresh });
      const answers = await Promise.all([getUser(live), getUser(ended), getUser(live), getUser(ended)]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 401, 200, 401]);
    });
  },
  {},
  { clock },
);
