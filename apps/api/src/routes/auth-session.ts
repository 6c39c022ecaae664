import { operations } from '@wingmate/api-contract';
import type { FastifyInstance } from 'fastify';
import { signedInUser } from '../plugins/auth';
import { userInfoJson, userJson, visitorInfoJson } from '../services/account/accounts';
import { remainingMessages } from '../services/chat/remaining-messages';
import { resolveOwner } from '../services/owner/owner';
import { registerOperation } from './operation-route';

/** The signed-in user, token refresh, logout (here or everywhere) and the user's own password. */
export async function sessionRoutes(app: FastifyInstance): Promise<void> {
  const { sessions, config, clock, passwords } = app.auth;
  const db = app.database.db;
  registerOperation(app, operations.refreshToken, (request) => sessions.refresh(request.body.refresh));
  registerOperation(app, operations.logout, async (request) => {
    await sessions.logout(request.body.refresh);
    return { detail: 'Successfully logged out.' };
  });
  registerOperation(app, operations.logoutAll, async (request) => {
    await sessions.logoutAll(signedInUser(request).id);
    return { detail: 'Every session was signed out.' };
  });
  registerOperation(app, operations.getAuthUser, async (request) =>
    userJson(signedInUser(request), config.systemNumber),
  );
  // Optional-auth (decisions.md): a visitor's uid gives its free messages left.
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
