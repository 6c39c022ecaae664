import { operations } from '@wingmate/api-contract';
import type { FastifyInstance } from 'fastify';
import { signedInUser } from '../plugins/auth';
import { registerOperation } from './operation-route';
import { reportRegistration } from './registration-conversion';

/** E-mail sign-up, verification, sign-in and reset (docs/product.md#authentication-calls). */
// eslint-disable-next-line @typescript-eslint/require-await -- Fastify plugin: only a returned promise carries a throw to register()
export async function emailAuthRoutes(app: FastifyInstance): Promise<void> {
  const email = app.auth.email;
  registerOperation(app, operations.registerEmail, async (request, reply) => {
    const answer = await email.register(request.body);
    await reportRegistration(app, request, answer, request.body.uid);
    return reply.code(201).send(answer);
  });
  registerOperation(app, operations.verifyEmail, (request) =>
    email.verify(signedInUser(request), request.body),
  );
  registerOperation(app, operations.resendEmailCode, (request) =>
    email.resendVerification(signedInUser(request)),
  );
  registerOperation(app, operations.loginEmail, (request) => email.login(request.body, request.ip));
  registerOperation(app, operations.resetPasswordEmail, (request) => email.requestReset(request.body));
  registerOperation(app, operations.confirmResetPasswordEmail, (request) =>
    email.confirmReset(request.body, request.ip),
  );
}
