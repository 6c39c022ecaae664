import { SignJWT } from 'jose';
import { testClock } from '../../testing/sign-in';
import { ACCESS_TOKEN_SECONDS, AccessTokens, InvalidAccessTokenError } from './access-tokens';

// docs/decisions.md#auth-appsapi: HS256 access tokens as simplejwt writes them; anything else is token_not_valid.
const SECRET = 'a-test-secret-of-at-least-32-characters';
const clock = testClock(Date.UTC(2026, 0, 1));
const tokens = new AccessTokens(SECRET, clock);
const now = () => Math.floor(clock.now() / 1000);
const key = new TextEncoder().encode(SECRET);
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

function signed(claims: Record<string, unknown>, header: Record<string, unknown> = {}, secret = key) {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT', ...header }).sign(secret);
}
const SESSION = '0b6f1c3e-4a5d-4e2f-9a7b-1c2d3e4f5a6b';
const valid = { typ: 'access', sub: '7', jti: 'j1', iat: now(), exp: now() + 60, sid: SESSION };

describe('access token verification', () => {
  it('accepts a token it issued and answers its user id', async () => {
    expect(await tokens.verify(await tokens.issue(42, 0, SESSION))).toBe(42);
  });

  it('answers the session the token belongs to (docs/decisions.md#sessions-in-the-browser)', async () => {
    expect(await tokens.claims(await tokens.issue(42, 3, SESSION))).toEqual({
      userId: 42,
      generation: 3,
      sessionId: SESSION,
    });
  });

  it('names the session of an expired token of ours for a logout, and of no forged one', async () => {
    expect(tokens.sessionOf(await signed({ ...valid, exp: now() - 3600 }))).toBe(SESSION);
    const forged = await signed(valid, {}, new TextEncoder().encode('x'.repeat(40)));
    expect(() => tokens.sessionOf(forged)).toThrow(InvalidAccessTokenError);
  });

  it.each<[string, () => Promise<string>]>([
    ['another secret', () => signed(valid, {}, new TextEncoder().encode('x'.repeat(40)))],
    ['an expired token', () => signed({ ...valid, exp: now() })],
    ['a token not valid yet (nbf)', () => signed({ ...valid, nbf: now() + 10 })],
    ['no jti', () => signed({ ...valid, jti: undefined })],
    ['no exp', () => signed({ ...valid, exp: undefined })],
    ['a refresh token', () => signed({ ...valid, typ: 'refresh' })],
    ['a token without a session (issued before sessions)', () => signed({ ...valid, sid: undefined })],
    ['a session id that is not a UUID', () => signed({ ...valid, sid: 'x' })],
    ['a subject that is not a user id', () => signed({ ...valid, sub: 'admin' })],
    ['a crit header', () => signed(valid, { crit: ['b64'], b64: true })],
    ['alg none', () => Promise.resolve(`${b64({ alg: 'none', typ: 'JWT' })}.${b64(valid)}.`)],
    ['a signature with trailing padding', async () => `${await signed(valid)}=`],
    ['a signature with one more character', async () => `${await signed(valid)}A`],
    ['two parts', async () => (await signed(valid)).split('.').slice(0, 2).join('.')],
  ])('refuses %s', async (_name, make) => {
    await expect(tokens.verify(await make())).rejects.toBeInstanceOf(InvalidAccessTokenError);
  });

  it('refuses a token whose payload was changed after signing', async () => {
    const [header, , signature] = (await signed(valid)).split('.');
    await expect(
      tokens.verify(`${header}.${b64({ ...valid, sub: '8' })}.${signature}`),
    ).rejects.toBeInstanceOf(InvalidAccessTokenError);
  });

  describe('a token sent again (docs/performance.md#signatures-checked-once-per-token)', () => {
    it('is still refused once it expires', async () => {
      const ownClock = testClock(Date.UTC(2026, 0, 1));
      const own = new AccessTokens(SECRET, ownClock);
      const token = await own.issue(42, 0, SESSION);
      expect(await own.verify(token)).toBe(42);
      ownClock.advance(ACCESS_TOKEN_SECONDS * 1000);
      await expect(own.verify(token)).rejects.toThrow('ERR_JWT_EXPIRED');
      expect(own.sessionOf(token)).toBe(SESSION);
    });

    it('vouches for no changed copy of it', async () => {
      const token = await signed(valid);
      expect(await tokens.verify(token)).toBe(7);
      const [header, , signature] = token.split('.');
      await expect(
        tokens.verify(`${header}.${b64({ ...valid, sub: '8' })}.${signature}`),
      ).rejects.toBeInstanceOf(InvalidAccessTokenError);
      await expect(tokens.verify(`${token}A`)).rejects.toBeInstanceOf(InvalidAccessTokenError);
      expect(await tokens.verify(token)).toBe(7);
    });

    it('is not taken for one signed with another secret', async () => {
      const token = await tokens.issue(42, 0, SESSION);
      expect(await tokens.verify(token)).toBe(42);
      const other = new AccessTokens('another-secret-of-at-least-32-characters', clock);
      await expect(other.verify(token)).rejects.toThrow('ERR_JWS_SIGNATURE_VERIFICATION_FAILED');
    });
  });
});
