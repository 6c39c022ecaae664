import { operations, REFRESH_COOKIE, SESSION_MODE_HEADER } from '@wingmate/api-contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { REFRESH_TOKEN_DAYS } from '../services/auth/refresh-tokens';

// Cookie mode (docs/decisions.md#sessions-in-the-browser): a browser's refresh token lives in an HttpOnly cookie
// that only the refresh call gets back, so no script on the page can read it; other clients keep it in the body.

/** The cookie is sent back to the refresh call only. */
export const REFRESH_COOKIE_PATH = operations.refreshToken.path;
const MAX_AGE_SECONDS = REFRESH_TOKEN_DAYS * 24 * 60 * 60;

/** Whether the client asked for cookie mode (`X-Session-Mode: cookie`); body mode is the default. */
export function asksForCookieMode(request: FastifyRequest): boolean {
  return request.headers[SESSION_MODE_HEADER] === 'cookie';
}

/** The refresh token of the request's cookie, read in cookie mode only (body-mode clients never get one). */
export function refreshCookieOf(request: FastifyRequest): string | undefined {
  if (!asksForCookieMode(request)) return undefined;
  for (const pair of (request.headers.cookie ?? '').split(';')) {
    const separator = pair.indexOf('=');
    if (separator > 0 && pair.slice(0, separator).trim() === REFRESH_COOKIE) {
      return pair.slice(separator + 1).trim() || undefined;
    }
  }
  return undefined;
}

/**
 * preSerialization hook of the operations that answer tokens: in cookie mode the refresh token of a success goes
 * into the cookie and out of the JSON.
 */
export function refreshIntoCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (error: null, payload: unknown) => void,
): void {
  if (!asksForCookieMode(request) || reply.statusCode >= 300 || !hasRefresh(payload))
    return done(null, payload);
  const { refresh, ...rest } = payload;
  setRefreshCookie(request, reply, refresh, MAX_AGE_SECONDS);
  done(null, rest);
}

/** Logout, "log out everywhere" and account deletion: the browser drops the cookie (same name and path). */
export function clearRefreshCookie(request: FastifyRequest, reply: FastifyReply): void {
  if (asksForCookieMode(request)) setRefreshCookie(request, reply, '', 0);
}

/** HttpOnly, SameSite=Strict, on the refresh path; Secure over https (as the request or a trusted proxy says). */
function setRefreshCookie(request: FastifyRequest, reply: FastifyReply, value: string, maxAge: number): void {
  const attributes = [`Path=${REFRESH_COOKIE_PATH}`, `Max-Age=${maxAge}`, 'HttpOnly', 'SameSite=Strict'];
  if (request.protocol === 'https') attributes.push('Secure');
  reply.header('set-cookie', [`${REFRESH_COOKIE}=${value}`, ...attributes].join('; '));
}

function hasRefresh(payload: unknown): payload is { refresh: string } {
  return (
    typeof payload === 'object' &&
    payload !== null &&
    typeof (payload as { refresh?: unknown }).refresh === 'string'
  );
}
