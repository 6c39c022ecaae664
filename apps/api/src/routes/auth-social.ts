import { operations, type GoogleAuthBody } from '@wingmate/api-contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Problem } from '../problem';
import { checkedIdentity } from '../services/auth/identity-check';
import { registerOperation } from './operation-route';
import { reportRegistration } from './registration-conversion';

/** Google and Apple sign-in, each signing in or creating the account (docs/decisions.md#auth-appsapi). */
// eslint-disable-next-line @typescript-eslint/require-await -- Fastify plugin: only a returned promise carries a throw to register()
export async function socialAuthRoutes(app: FastifyInstance): Promise<void> {
  const { social, googleVerifier, appleVerifier, config } = app.auth;

  const google = async (request: FastifyRequest, body: GoogleAuthBody) => {
    const identity = await checkedIdentity(
      'access_token',
      () => googleVerifier.verifyAccessToken(body.access_token),
      app.log,
    );
    const answer = await social.signIn(identity, { uid: body.uid, termsAccepted: body.terms_accepted });
    await reportRegistration(app, request, answer, body.uid);
    return answer;
  };
  registerOperation(app, operations.googleSignup, (request) => google(request, request.body));
  registerOperation(app, operations.googleLogin, (request) => google(request, request.body));

  registerOperation(app, operations.appleLogin, async (request) => {
    const body = request.body;
    // The client names its app; only the server's own list is trusted, and the token's `aud` is checked too.
    if (!config.apple.audiences.includes(body.audience)) {
      throw Problem.field('audience', 'This application is not allowed to sign in with Apple here.');
    }
    const identity = await checkedIdentity(
      'identity_token',
      () => appleVerifier.verifyIdentityToken(body.identity_token),
      app.log,
    );
    const answer = await social.signIn(identity, {
      uid: body.uid,
      firstName: body.first_name,
      lastName: body.last_name,
      termsAccepted: body.terms_accepted,
    });
    await reportRegistration(app, request, answer, body.uid);
    return answer;
  });
}
