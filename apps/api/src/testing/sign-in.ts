import type { AuthTokens, SignInOrUpTokens } from '@wingmate/api-contract';
import type { Clock } from '@wingmate/runtime';
import type { FastifyInstance } from 'fastify';
import { MessageOutbox } from '../adapters/messaging/outbox';
import { ACCESS_TOKEN_SECONDS, AccessTokens } from '../services/auth/access-tokens';

/** A clock that tests move by hand, to expire PINs, codes, tokens and rate-limit windows. */
export interface TestClock extends Clock {
  advance(ms: number): void;
}

export function testClock(start = Date.now()): TestClock {
  let now = start;
  return { now: () => now, advance: (ms) => void (now += ms) };
}

/** A sign-in answer in body mode (every client but a browser), which always carries the refresh token. */
export type BodyModeTokens<T extends AuthTokens = AuthTokens> = T & { refresh: string };

let nextNumber = 0;

/** A distinct valid US number (E.164) per call; the 555-01xx numbers of films are not valid numbers. */
export function uniquePhoneNumber(): string {
  nextNumber += 1;
  const exchange = 200 + (Math.floor(nextNumber / 10_000) % 700);
  return `+1201${exchange}${String(nextNumber % 10_000).padStart(4, '0')}`;
}

/** A distinct client address per call, so that helpers signing many users up stay under the per-IP limits. */
export function uniqueIp(): string {
  nextNumber += 1;
  return `10.${(nextNumber >> 16) & 255}.${(nextNumber >> 8) & 255}.${nextNumber & 255}`;
}

export function uniqueEmail(name = 'user'): string {
  nextNumber += 1;
  return `${name}.${process.pid}.${nextNumber}@example.com`;
}

/** The newest 6-digit code the console sender "sent" to a phone number or address. */
export async function codeFromOutbox(app: FastifyInstance, recipient: string): Promise<string> {
  const message = await new MessageOutbox(app.database.db).latest(recipient);
  const code = message?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`No code was sent to ${recipient}`);
  return code;
}

/** Signs a new user up by phone PIN, as the web app does: register, read the PIN, verify. */
export async function signUpByPhone(
  app: FastifyInstance,
  phoneNumber = uniquePhoneNumber(),
  extra: { first_name?: string; last_name?: string; uid?: string } = {},
): Promise<BodyModeTokens<SignInOrUpTokens>> {
  const remoteAddress = uniqueIp();
  const registered = await app.inject({
    method: 'POST',
    url: '/register/',
    payload: { phone_number: phoneNumber, ...extra },
    remoteAddress,
  });
  if (registered.statusCode !== 200)
    throw new Error(`register failed: ${registered.statusCode} ${registered.body}`);
  const code = await codeFromOutbox(app, registered.json<{ phone_number: string }>().phone_number);
  const verified = await app.inject({
    method: 'POST',
    url: '/verify/',
    payload: { phone_number: phoneNumber, code },
    remoteAddress,
  });
  if (verified.statusCode !== 200) throw new Error(`verify failed: ${verified.statusCode} ${verified.body}`);
  return verified.json<BodyModeTokens<SignInOrUpTokens>>();
}

/** Signs a new user up by e-mail and password. */
export async function signUpByEmail(
  app: FastifyInstance,
  email = uniqueEmail(),
  password = 'correct horse battery staple',
): Promise<BodyModeTokens> {
  const response = await app.inject({
    method: 'POST',
    url: '/register/email/',
    payload: { email, password },
    remoteAddress: uniqueIp(),
  });
  if (response.statusCode !== 201)
    throw new Error(`e-mail sign-up failed: ${response.statusCode} ${response.body}`);
  return response.json<BodyModeTokens>();
}

/**
 * Signs a new user up by e-mail and password and enters the code mailed to the address: a member, who may pay
 * (an e-mail not yet verified answers 403 `verification_required` to payments).
 */
export async function signUpMemberByEmail(
  app: FastifyInstance,
  email = uniqueEmail(),
  password?: string,
): Promise<BodyModeTokens> {
  const tokens = await signUpByEmail(app, email, password);
  const verified = await app.inject({
    method: 'POST',
    url: '/register/email/verify/',
    headers: bearer(tokens),
    payload: { code: await codeFromOutbox(app, email) },
  });
  if (verified.statusCode !== 200)
    throw new Error(`e-mail verification failed: ${verified.statusCode} ${verified.body}`);
  return tokens;
}

export function bearer(tokens: { access: string }): { authorization: string } {
  return { authorization: `Bearer ${tokens.access}` };
}

/**
 * An access token of the same user and session as `access` that ran out a minute ago, as one held by a page left
 * open past its 15 minutes: the server refuses it with `token_not_valid`, and the client refreshes.
 */
export async function expiredAccessToken(app: FastifyInstance, access: string): Promise<string> {
  const claims = await app.auth.accessTokens.claims(access);
  const issuedAt = Date.now() - (ACCESS_TOKEN_SECONDS + 60) * 1000;
  const tokens = new AccessTokens(app.auth.config.jwtSecret, { now: () => issuedAt });
  return tokens.issue(claims.userId, claims.generation, claims.sessionId);
}
