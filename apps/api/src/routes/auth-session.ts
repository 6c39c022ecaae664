import { operations } from '@wingmate/api-contract';
import type { FastifyInstance } from 'fastify';
import { bearerCredential, signedInUser } from '../plugins/auth';
import { Problem } from '../problem';
import { userInfoJson, userJson, visitorInfoJson } from '../services/account/accounts';
import { remainingMessages } from '../services/chat/remaining-messages';
import { resolveOwner } from '../services/owner/owner';
import { registerOperation } from './operation-route';
import { clearRefreshCookie, refreshCookieOf } from './refresh-cookie';

/** The signed-in user, token refresh, logout (here or everywhere) and the user's own password. */
// eslint-disable-next-line @typescript-eslint/require-await -- Fastify plugin: only a returned promise carries a throw to register()
export async function sessionRoutes(app: FastifyInstance): Promise<void> {
  const { sessions, config, clock, passwords } = app.auth;
  const db = app.database.db;
  // docs/decisions.md#sessions-in-the-browser: the browser's refresh token is in an HttpOnly cookie (cookie mode).
  registerOperation(app, operations.refreshToken, (request) => {
    const token = request.body.refresh ?? refreshCookieOf(request);
    if (!token) throw Problem.field('refresh', 'This field is required.');
    return sessions.refresh(token);
  });
  registerOperation(app, operations.logout, async (request, reply) => {
    await sessions.logout({
      refresh: request.body.refresh ?? refreshCookieOf(request),
      access: bearerCredential(request),
    });
    clearRefreshCookie(request, reply);
    return { detail: 'Successfully logged out.' };
  });
  registerOperation(app, operations.logoutAll, async (request, reply) => {
    await sessions.logoutAll(signedInUser(request).id);
    clearRefreshCookie(request, reply);
    return { detail: 'Every session was signed out.' };
  });
  registerOperation(app, operations.getAuthUser, (request) =>
    Promise.resolve(userJson(signedInUser(request), config.systemNumber)),
  );
  // Optional-auth (docs/decisions.md#calls): a visitor's uid gives its free messages left.
  registerOperation(app, operations.getUserInfo, async (request) => {
    const owner = await resolveOwner(db, request.auth?.user.id ?? null, request.query.uid);
    if (owner.kind === 'account') {
      return userInfoJson(db, signedInUser(request), config.systemNumber, config.metering.freeMessages);
    }
    const remaining = await remainingMessages(db, config.metering, clock, owner, request.ip);
    return visitorInfoJson(config.systemNumber, remaining ?? 0);
  });
  registerOperation(app, operations.changePassword, (request) =>
    passwords.change(signedInUser(request), request.body, request.ip),
  );
  registerOperation(app, operations.setPassword, (request) =>
    passwords.set(signedInUser(request), request.body),
  );
}
