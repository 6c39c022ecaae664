import type { OperationId } from '@wingmate/api-contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { IpLimitName, UidLimitName } from '../services/auth/auth-limits';

/**
 * Per-IP limits of the sign-in, PIN, reset, refresh, chat and conversion calls (docs/decisions.md#auth-appsapi),
 * checked before the body is even read; chat is also limited per signed-in account, and client conversions per
 * posted uid once the body is valid. Limits per phone number or e-mail are the services' (they need the
 * normalised value).
 */
const ipLimitOf: Readonly<Partial<Record<OperationId, IpLimitName>>> = {
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
  resendEmailCode: 'sendsPerIp',
  updatePhoneNumber: 'sendsPerIp',
  // Sends a PIN or code, and (delete) checks a password: as a send, and as a sign-in.
  confirmUser: 'sendsPerIp',
  deleteUser: 'signInPerIp',
  resetPasswordPhone: 'resetPerIp',
  resetPasswordEmail: 'resetPerIp',
  confirmResetPasswordPhone: 'resetPerIp',
  confirmResetPasswordEmail: 'resetPerIp',
  refreshToken: 'refreshPerIp',
  sendChatMessage: 'chatPerIp',
  streamChatMessage: 'chatPerIp',
  sendMobileChatMessage: 'chatPerIp',
  // A match's coaching chat and its "What do I answer?" are chat sends too.
  sendMatchChatMessage: 'chatPerIp',
  suggestMatchReplies: 'chatPerIp',
  // Every ad platform's post counts against one budget (docs/decisions.md#client-conversions).
  createFacebookEvent: 'conversionsPerIp',
  createTiktokEvent: 'conversionsPerIp',
  createSnapchatEvent: 'conversionsPerIp',
  createPinterestEvent: 'conversionsPerIp',
  createGoogleAdsConversion: 'conversionsPerIp',
};

/** Limits per `uid` of the body: a new address does not make a visitor's conversions new. */
const uidLimitOf: Readonly<Partial<Record<OperationId, UidLimitName>>> = {
  createFacebookEvent: 'conversionsPerUid',
  createTiktokEvent: 'conversionsPerUid',
  createSnapchatEvent: 'conversionsPerUid',
  createPinterestEvent: 'conversionsPerUid',
  createGoogleAdsConversion: 'conversionsPerUid',
};

const chatOperations: ReadonlySet<OperationId> = new Set<OperationId>([
  'sendChatMessage',
  'streamChatMessage',
  'sendMobileChatMessage',
  'sendMatchChatMessage',
  'suggestMatchReplies',
]);

export const rateLimitPlugin = fp(
  // eslint-disable-next-line @typescript-eslint/require-await -- Fastify plugin: only a returned promise carries a throw to register()
  async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request) => {
      const operationId = request.routeOptions.config.operationId;
      const limit = operationId ? ipLimitOf[operationId] : undefined;
      const chatAccount =
        operationId && chatOperations.has(operationId) && request.auth
          ? `user:${request.auth.user.id}`
          : undefined;
      // A signed-in chat send's two limits in one call: one round trip when both are counted call by call.
      if (limit && chatAccount) {
        await app.auth.limits.perIpAndAccount(limit, request.ip, 'chatPerAccount', chatAccount);
      } else if (limit) await app.auth.limits.perIp(limit, request.ip);
      else if (chatAccount) await app.auth.limits.perAccount('chatPerAccount', chatAccount);
    });
    // After validation, so the uid is the contract's (1 to 64 characters of [A-Za-z0-9_-]).
    app.addHook('preHandler', async (request) => {
      const operationId = request.routeOptions.config.operationId;
      const limit = operationId ? uidLimitOf[operationId] : undefined;
      const uid = (request.body as { uid?: unknown } | undefined)?.uid;
      if (limit && typeof uid === 'string') await app.auth.limits.perUid(limit, uid);
    });
  },
  { name: 'rate-limit', dependencies: ['auth'] },
);
