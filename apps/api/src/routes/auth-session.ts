import { operations } from '@wingmate/api-contract';
import type { FastifyInstance } from 'fastify';
import { signedInUser } from '../plugins/auth';
import { userInfoJson, userJson } from '../services/accounts';
import { registerOperation } from './operation-route';

/** The signed-in user, token refresh and logout. */
export async function sessionRoutes(app: FastifyInstance): Promise<void> {
  const { sessions, config, pendingWork } = app.auth;
  // Sends started after an answer finish before the server closes.
  app.addHook('onClose', async () => pendingWork.settled());
  registerOperation(app, operations.refreshToken, (request) => sessions.refresh(request.body.refresh));
  registerOperation(app, operations.logout, async (request) => {
    await sessions.logout(request.body.refresh);
    return { detail: 'Successfully logged out.' };
  });
  registerOperation(app, operations.getAuthUser, async (request) =>
    userJson(signedInUser(request), config.systemNumber),
  );
  registerOperation(app, operations.getUserInfo, (request) =>
    userInfoJson(app.database.db, signedInUser(request), config.systemNumber),
  );
}
