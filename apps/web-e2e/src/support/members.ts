import { signUpByEmail, signUpByPhone, signUpMemberByEmail, uniqueEmail } from '@wingmate/api/testing';
import { REFRESH_COOKIE, routes } from '@wingmate/api-contract/routes';
import type { BrowserContext } from 'playwright-core';
import type { RunningProduct } from './product';

/** A signed-up member's tokens as the API gave them. */
export interface MemberTokens {
  access: string;
  refresh: string;
}

export interface Member extends MemberTokens {
  userId: number;
}

/**
 * A new member signed up through the API by e-mail and password, the mailed code entered; with `verified: false`
 * an account whose address is not verified yet (not a member: it may chat, not pay).
 */
export async function emailMember(
  product: RunningProduct,
  options: { emailPrefix?: string; password?: string; verified?: boolean } = {},
): Promise<Member & { email: string }> {
  const email = uniqueEmail(options.emailPrefix ?? 'e2e-member');
  const signUp = options.verified === false ? signUpByEmail : signUpMemberByEmail;
  const tokens = await signUp(product.api.app, email, options.password);
  return { access: tokens.access, refresh: tokens.refresh, userId: tokens.user.pk, email };
}

/** A new member signed up through the API by phone PIN (no password). */
export async function phoneMember(
  product: RunningProduct,
  options: { phoneNumber?: string; firstName?: string } = {},
): Promise<Member> {
  const tokens = await signUpByPhone(product.api.app, options.phoneNumber, {
    first_name: options.firstName ?? 'Robin',
  });
  return { access: tokens.access, refresh: tokens.refresh, userId: tokens.user.pk };
}

/**
 * Signs the browser in the way the web keeps a session: the bare access token in the `access_token` cookie that
 * core-sdk writes (the SDK adds the `Bearer ` of the header itself) and, when given, the refresh token where the
 * API sets it in cookie mode: its HttpOnly cookie on the refresh path (docs/decisions.md#sessions-in-the-browser). The
 * tests serve the page and the API on one host, so the browser sends it to the API.
 */
export async function signInBrowser(
  context: BrowserContext,
  webUrl: string,
  tokens: { access: string; refresh?: string },
): Promise<void> {
  const refreshCookie = {
    name: REFRESH_COOKIE,
    domain: new URL(webUrl).hostname,
    path: routes.refreshToken.path,
    httpOnly: true,
    sameSite: 'Strict' as const,
  };
  await context.addCookies([
    { name: 'access_token', value: encodeURIComponent(tokens.access), url: webUrl },
    ...(tokens.refresh ? [{ ...refreshCookie, value: tokens.refresh }] : []),
  ]);
}

/** A cookie's decoded value in the browser, or undefined when it is not set. */
export async function cookieValue(context: BrowserContext, name: string): Promise<string | undefined> {
  const cookie = (await context.cookies()).find((entry) => entry.name === name);
  return cookie && decodeURIComponent(cookie.value);
}

/**
 * The `authorization` header the SDK sends for the browser's session: `Bearer <jwt>`, or a login-link token
 * (`Token <key>`) as stored. Fails when the browser holds no session.
 */
export async function sessionAuthorization(context: BrowserContext): Promise<string> {
  const access = await cookieValue(context, 'access_token');
  if (!access) throw new Error('The browser holds no access_token cookie');
  return access.startsWith('Token ') ? access : `Bearer ${access}`;
}
