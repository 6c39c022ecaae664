import { operations } from '@wingmate/api-contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { matchChatPage } from '../services/matches/coaching-context';
import { ownedMatch } from '../services/matches/owned-match';
import { resolveOwner, type Owner } from '../services/owner/owner';
import { answerIdempotently } from '../services/shared/idempotency-keys';
import { listPage } from './list-page';
import { registerOperation } from './operation-route';

/**
 * A match's coaching chat and "What do I answer?" (docs/product.md#how-a-matchs-memory-works): metered as chat
 * sends through `app.chat`, limited as chat sends (plugins/rate-limit.ts) and by the hourly AI limit.
 */
// eslint-disable-next-line @typescript-eslint/require-await -- Fastify plugin: only a returned promise carries a throw to register()
export async function matchCoachingRoutes(app: FastifyInstance): Promise<void> {
  const db = app.database.db;
  const { chat, chatKeys: keys, usageLimits: limits } = app;
  const ownerOf = (request: FastifyRequest<{ Querystring: { uid?: string } }>): Promise<Owner> =>
    resolveOwner(db, request.auth?.user.id ?? null, request.query.uid);

  registerOperation(app, operations.getMatchChat, async (request) => {
    const owner = await ownerOf(request);
    const match = await ownedMatch(db, owner, request.params.id);
    return matchChatPage(db, owner, match.id, listPage(request, request.query.page));
  });

  registerOperation(app, operations.sendMatchChatMessage, async (request, reply) => {
    const owner = await ownerOf(request);
    const match = await ownedMatch(db, owner, request.params.id);
    const call = {
      caller: callerOf(owner),
      operation: operations.sendMatchChatMessage.id,
      request: { match: match.id, ...request.body },
    };
    return answerIdempotently(keys, request, reply, call, async () => {
      const answer = await chat.sendInMatch({
        owner,
        ip: request.ip,
        body: request.body.body,
        match,
        beforeSpend: () => limits.ai(owner, request.ip),
      });
      app.matchMemory.later(match.id);
      return { status: 201, body: answer };
    });
  });

  registerOperation(app, operations.suggestMatchReplies, async (request, reply) => {
    const owner = await ownerOf(request);
    const match = await ownedMatch(db, owner, request.params.id);
    const call = {
      caller: callerOf(owner),
      operation: operations.suggestMatchReplies.id,
      request: { match: match.id },
    };
    return answerIdempotently(keys, request, reply, call, async () => ({
      status: 201,
      body: await chat.suggestInMatch({
        owner,
        ip: request.ip,
        match,
        beforeSpend: () => limits.ai(owner, request.ip),
      }),
    }));
  });
}

/** Idempotency keys are per caller, as the chat's: the account, else the visitor's uid. */
function callerOf(owner: Owner): string {
  return owner.kind === 'account' ? `user:${owner.userId}` : `uid:${owner.uid}`;
}
