import type { Clock } from '@wingmate/runtime';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AiModel } from '../../adapters/ai/ports';
import { ChatService } from '../../services/chat/chat-service';
import { MatchMemoryRefresher } from '../../services/matches/coaching-memory';
import { IdempotencyKeys } from '../../services/shared/idempotency-keys';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends (JSON, with a photo, or streamed), paid through `app.metering`. */
    chat: ChatService;
    /** `Idempotency-Key` of chat sends and generated roasts (docs/decisions.md#money-chat-uploads-and-ai-limits). */
    chatKeys: IdempotencyKeys;
    /** Brings a match's memory up to date after a coaching exchange (docs/product.md#how-a-matchs-memory-works). */
    matchMemory: MatchMemoryRefresher;
  }
}

export interface ChatOptions {
  readonly ai: AiModel;
  readonly clock: Clock;
}

/** Chat's services, built once for the routes (after memberships and uploads: it spends and stores through them). */
export const chatPlugin = fp(
  // eslint-disable-next-line @typescript-eslint/require-await -- Fastify plugin: only a returned promise carries a throw to register()
  async (app: FastifyInstance, options: ChatOptions) => {
    const db = app.database.db;
    app.decorate(
      'chat',
      new ChatService({
        db,
        ai: options.ai,
        metering: app.metering,
        storage: app.uploadStorage,
        clock: options.clock,
      }),
    );
    app.decorate('chatKeys', new IdempotencyKeys(db, options.clock));
    const matchMemory = new MatchMemoryRefresher(db, options.ai, options.clock, app.log);
    app.decorate('matchMemory', matchMemory);
    // A refresh still running finishes before the database closes.
    app.addHook('onClose', () => matchMemory.settled());
  },
  { name: 'chat', dependencies: ['database', 'memberships', 'uploads'] },
);
