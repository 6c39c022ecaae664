import { operations } from '@wingmate/api-contract';
import type { FastifyInstance } from 'fastify';
import { signedInUser } from '../plugins/auth';
import { registerOperation } from './operation-route';
import { reportRegistration } from './registration-conversion';

/** Phone sign-up, PIN, password sign-in and reset (docs/product.md#authentication-calls). */
// eslint-disable-next-line @typescript-eslint/require-await -- Fastify plugin: only a returned promise carries a throw to register()
export async function phoneAuthRoutes(app: FastifyInstance): Promise<void> {
  const phone = app.auth.phone;
  registerOperation(app, operations.registerPhone, (request) => phone.register(request.body));
  registerOperation(app, operations.generatePin, (request) => phone.generate(request.body));
  registerOperation(app, operations.verifyPin, async (request) => {
    const answer = await phone.verify(request.body, request.ip);
    if ('access' in answer) await reportRegistration(app, request, answer, request.body.uid);
    return answer;
  });
  registerOperation(app, operations.login, (request) => phone.login(request.body, request.ip));
  registerOperation(app, operations.updatePhoneNumber, (request) =>
    phone.updatePhoneNumber(signedInUser(request), request.body, request.ip),
  );
  registerOperation(app, operations.resetPasswordPhone, (request) => phone.requestReset(request.body));
  registerOperation(app, operations.confirmResetPasswordPhone, (request) =>
    phone.confirmReset(request.body, request.ip),
  );
}
