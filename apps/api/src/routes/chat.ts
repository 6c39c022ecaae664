import {
  MobileChatMessageBody,
  operations,
  type ChatStreamEventName,
  type MobileChatMessageBody as MobileChatFields,
} from '@wingmate/api-contract';
import type { Clock } from '@wingmate/core-sdk';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PassThrough } from 'node:stream';
import { aiProblem, isAiError } from '../adapters/ai/errors';
import type { AiModel } from '../adapters/ai/ports';
import type { Config } from '../config';
import { readMultipartForm, validateFormFields } from '../plugins/uploads';
import { ChatService, type ChatMessageInput, type ChatStreamSession } from '../services/chat/chat-service';
import { chatHistory } from '../services/chat/history';
import { processImage } from '../services/images/image-pipeline';
import { listPage } from './list-page';
import { resolveOwner } from '../services/profile/owner';
import { registerOperation } from './operation-route';

export interface ChatRoutesOptions {
  readonly ai: AiModel;
  readonly config: Config;
  readonly clock: Clock;
}

/** Spec 7, "Chat": send (JSON, multipart with a photo, or streamed) and the history. */
export async function chatRoutes(app: FastifyInstance, options: ChatRoutesOptions): Promise<void> {
  const db = app.database.db;
  const chat = new ChatService({
    db,
    ai: options.ai,
    metering: app.metering,
    storage: app.uploadStorage,
    limits: options.config.metering,
    clock: options.clock,
  });
  const userIdOf = (request: FastifyRequest): number | null => request.auth?.user.id ?? null;

  registerOperation(app, operations.sendChatMessage, async (request, reply) => {
    const owner = await resolveOwner(db, userIdOf(request), request.body.uid);
    const { image: _none, ...exchange } = await chat.send({ owner, ip: request.ip, body: request.body.body });
    return reply.code(201).send(exchange);
  });

  registerOperation(app, operations.sendMobileChatMessage, async (request, reply) => {
    const form = await readMultipartForm(request, ['image']);
    const fields = validateFormFields<MobileChatFields>(request, MobileChatMessageBody, form.fields);
    const owner = await resolveOwner(db, userIdOf(request), fields.unqiue_id, 'unqiue_id');
    // The photo is checked and cleaned before any message is spent; it is stored only with a reply.
    const image = form.files.image ? await processImage(form.files.image) : undefined;
    return reply.code(201).send(await chat.send({ owner, ip: request.ip, body: fields.body, image }));
  });

  registerOperation(app, operations.getChatHistory, async (request) => {
    const owner = await resolveOwner(db, userIdOf(request), request.query.uid);
    return chatHistory(db, owner, listPage(request, request.query.page));
  });

  registerOperation(app, operations.streamChatMessage, async (request, reply) => {
    const owner = await resolveOwner(db, userIdOf(request), request.body.uid);
    const input: ChatMessageInput = { owner, ip: request.ip, body: request.body.body };
    // Out of messages, a bad uid or an AI that fails at once: a JSON error status, as `chat/` answers.
    const session = await chat.stream(input);
    return streamReply(request, reply, session);
  });
}

/**
 * Writes the reply as server-sent events: `token` per piece, then `done` with the stored exchange, or `error`
 * if the AI fails mid-way (nothing is charged then). A client that leaves stops the AI and is not charged.
 */
function streamReply(request: FastifyRequest, reply: FastifyReply, session: ChatStreamSession): FastifyReply {
  const events = new PassThrough();
  let clientLeft = false;
  // The response's 'close' before it finished = the connection went away (the request's fires once read).
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) clientLeft = true;
  });
  const send = (event: ChatStreamEventName, data: unknown) => {
    if (!clientLeft && !events.destroyed) events.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  };

  const run = async () => {
    let next = session.first;
    let body = '';
    let completed = false;
    try {
      while (!next.done && !clientLeft) {
        const chunk = next.value;
        if (chunk.type === 'done') {
          completed = true;
          const { image: _none, ...exchange } = await session.finish(chunk.body || body, chunk.model);
          send('done', exchange);
          return;
        }
        body += chunk.text;
        send('token', { text: chunk.text });
        next = await session.chunks.next();
      }
      if (!clientLeft) throw new Error('The AI stream ended without its last piece');
      // The client left: nothing is stored and the message is given back.
      await session.abandon();
    } catch (error) {
      await session.abandon();
      const problem = isAiError(error) ? aiProblem(error) : undefined;
      if (!problem) request.log.error({ err: error }, 'chat stream failed');
      send('error', problem?.body ?? { detail: 'A server error occurred.', code: 'server_error' });
    } finally {
      // Stops the model's call when the reply is not wanted any more (it ends its HTTP request to the LLM).
      if (!completed) await session.chunks.return?.().catch(() => undefined);
    }
  };

  void run()
    .catch((error: unknown) => request.log.error({ err: error }, 'chat stream failed'))
    .finally(() => events.end());

  return reply
    .code(200)
    .headers({
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
    })
    .send(events);
}
