import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { IpLimitName } from '../services/auth-limits';

/**
 * Per-IP limits of the sign-in, PIN, reset and refresh calls (decisions.md, "Limits and abuse"), checked before
 * the body is even read. Limits per phone number or e-mail are the services' (they need the normalised value).
 */
const ipLimitOf: Readonly<Record<string, IpLimitName>> = {
  login: 'signInPerIp',
  loginEmail: 'signInPerIp',
  verifyPin: 'signInPerIp',
  googleSignup: 'signInPerIp',
  googleLogin: 'signInPerIp',
  appleLogin: 'signInPerIp',
  registerEmail: 'signInPerIp',
  verifyEmail: 'signInPerIp',
  registerPhone: 'sendsPerIp',
  generatePin: 'sendsPerIp',
  updatePhoneNumber: 'sendsPerIp',
  resetPasswordPhone: 'resetPerIp',
  resetPasswordEmail: 'resetPerIp',
  confirmResetPasswordPhone: 'resetPerIp',
  confirmResetPasswordEmail: 'resetPerIp',
  refreshToken: 'refreshPerIp',
};

export const rateLimitPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request) => {
      const operationId = request.routeOptions.config.operationId;
      const limit = operationId ? ipLimitOf[operationId] : undefined;
      if (limit) await app.auth.limits.perIp(limit, request.ip);
    });
  },
  { name: 'rate-limit', dependencies: ['auth'] },
);
