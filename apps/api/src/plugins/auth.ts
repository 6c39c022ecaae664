import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { UserRow } from '../db/schema';
import { InvalidAccessTokenError, type AccessClaims } from '../services/auth/access-tokens';
import { notAuthenticated, tokenNotValid } from '../services/auth/auth-problems';
import type { AuthServices } from './app/auth';

/** Who made the request, and with which credential. */
export interface Authenticated {
  readonly user: UserRow;
  readonly via: 'jwt' | 'token';
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set on `optional` and `required` routes when the request carried a valid credential. */
    auth: Authenticated | null;
  }
}

/**
 * Enforces each route's contract auth mode in one place: `required` needs a valid credential, `optional` takes
 * one if sent (an invalid one is still 401), `public` never reads the header (docs/decisions.md#auth-appsapi).
 */
export const authPlugin = fp(
  // eslint-disable-next-line @typescript-eslint/require-await -- Fastify plugin: only a returned promise carries a throw to register()
  async (app: FastifyInstance) => {
    app.decorateRequest('auth', null);
    app.addHook('onRequest', async (request) => {
      const mode = request.routeOptions.config.auth;
      if (mode !== 'optional' && mode !== 'required') return;
      request.auth = await authenticate(app.auth, request);
      if (!request.auth && mode === 'required') throw notAuthenticated();
    });
  },
  { name: 'auth', dependencies: ['database', 'auth-services'] },
);

/**
 * Reads `Authorization: Bearer <jwt>` or `Token <key>`. No header, or another scheme, is no credential; a bad
 * credential is 401 `token_not_valid`, whose code makes the client refresh once.
 */
export async function authenticate(
  services: AuthServices,
  request: FastifyRequest,
): Promise<Authenticated | null> {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme = '', credential = '', ...rest] = header.trim().split(/\s+/);
  const kind = scheme.toLowerCase();
  if (kind !== 'bearer' && kind !== 'token') return null;
  if (!credential || rest.length > 0) throw tokenNotValid();

  if (kind === 'token') {
    const user = await services.loginTokens.userOf(credential);
    if (!user) throw tokenNotValid();
    return { user, via: 'token' };
  }
  let claims: AccessClaims;
  try {
    claims = await services.accessTokens.claims(credential);
  } catch (error) {
    if (error instanceof InvalidAccessTokenError) throw tokenNotValid();
    throw error;
  }
  // Read with its session: a token of an ended session (a logout, a reused refresh token) or of an older
  // session generation ("sign out everywhere", a password change) was signed out
  // (docs/decisions.md#sessions-in-the-browser).
  const user = await services.signedInUsers.bySession(claims.sessionId, claims.userId);
  if (!user || claims.generation !== user.sessionGeneration) throw tokenNotValid();
  return { user, via: 'jwt' };
}

/**
 * The access token of an `Authorization: Bearer` header, unchecked, for a public route that may read it itself
 * (logout names the session to end by it); undefined for another scheme or none.
 */
export function bearerCredential(request: FastifyRequest): string | undefined {
  const [scheme = '', credential, ...rest] = (request.headers.authorization ?? '').trim().split(/\s+/);
  return scheme.toLowerCase() === 'bearer' && credential && rest.length === 0 ? credential : undefined;
}

/** The signed-in user of a `required` route (the hook has already refused requests without one). */
export function signedInUser(request: FastifyRequest): UserRow {
  if (!request.auth) throw notAuthenticated();
  return request.auth.user;
}
