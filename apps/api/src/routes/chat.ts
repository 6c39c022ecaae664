import {
  MobileChatMessageBody,
  operations,
  type ChatReply,
  type ChatStreamEventName,
  type MobileChatMessageBody as MobileChatFields,
} from '@wingmate/api-contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PassThrough } from 'node:stream';
import { aiProblem, isAiError } from '../adapters/ai/errors';
import type { ReplyHelper } from '../adapters/ai/ports';
import type { ChatMessageInput, ChatStreamSession } from '../services/chat/chat-service';
import { readMultipartForm, validateFormFields } from '../plugins/uploads';
import { chatHistory } from '../services/chat/history';
import { deleteChatHistory } from '../services/chat/history-deletion';
import { processImage } from '../services/images/image-pipeline';
import { listPage } from './list-page';
import { answerIdempotently, IdempotencyKeys } from '../services/shared/idempotency-keys';
import { resolveOwner, type Owner } from '../services/owner/owner';
import { registerOperation } from './operation-route';

/**
 * docs/product.md#chat-calls: send (JSON, multipart with a photo, or streamed) and the history; plugins/app/chat.ts
 * builds the services.
 */
// eslint-disable-next-line @typescript-eslint/require-await -- Fastify plugin: only a returned promise carries a throw to register()
export async function chatRoutes(app: FastifyInstance): Promise<void> {
  const db = app.database.db;
  const { chat, chatKeys: keys, usageLimits: limits } = app;
  const userIdOf = (request: FastifyRequest): number | null => request.auth?.user.id ?? null;

  registerOperation(app, operations.sendChatMessage, async (request, reply) => {
    const owner = await resolveOwner(db, userIdOf(request), request.body.uid);
    const call = { caller: callerOf(owner), operation: operations.sendChatMessage.id, request: request.body };
    return answerIdempotently(keys, request, reply, call, async () => {
      const {
        image: _none,
        image_variants: _widths,
        ...exchange
      } = await chat.send({
        owner,
        ip: request.ip,
        body: request.body.body,
        helper: helperOf(request.body),
        replaces: request.body.replaces,
      });
      return { status: 201, body: exchange };
    });
  });

  registerOperation(app, operations.sendMobileChatMessage, async (request, reply) => {
    const form = await readMultipartForm(request, ['image']);
    const fields = validateFormFields<MobileChatFields>(request, MobileChatMessageBody, form.fields);
    const owner = await resolveOwner(db, userIdOf(request), fields.unqiue_id, 'unqiue_id');
    const call = {
      caller: callerOf(owner),
      operation: operations.sendMobileChatMessage.id,
      request: { fields: form.fields, files: form.files },
    };
    return answerIdempotently(keys, request, reply, call, async () => {
      // A photo counts as an upload (docs/decisions.md#money-chat-uploads-and-ai-limits); it is checked and cleaned
      // before any message is spent, and stored only with a reply.
      if (form.files.image) await limits.upload(owner, request.ip);
      const image = form.files.image ? await processImage(form.files.image) : undefined;
      const input = { owner, ip: request.ip, body: fields.body, image, helper: helperOf(fields) };
      return { status: 201, body: await chat.send(input) };
    });
  });

  registerOperation(app, operations.getChatHistory, async (request) => {
    const owner = await resolveOwner(db, userIdOf(request), request.query.uid);
    return chatHistory(db, owner, listPage(request, request.query.page));
  });

  registerOperation(app, operations.deleteChatHistory, async (request) => {
    const owner = await resolveOwner(db, userIdOf(request), request.body?.uid);
    return deleteChatHistory(db, app.uploadStorage, owner, request.log);
  });

  registerOperation(app, operations.streamChatMessage, async (request, reply) => {
    const owner = await resolveOwner(db, userIdOf(request), request.body.uid);
    const input: ChatMessageInput = {
      owner,
      ip: request.ip,
      body: request.body.body,
      helper: helperOf(request.body),
      replaces: request.body.replaces,
    };
    const key = IdempotencyKeys.keyOf(request);
    const claim = key
      ? await keys.claim(key, {
          caller: callerOf(owner),
          operation: operations.streamChatMessage.id,
          request: request.body,
        })
      : undefined;
    // A completed key: the stored reply again, as a short stream (one token with the whole reply, then done).
    if (claim?.kind === 'replay') return replayStream(reply, claim.answer.body as ChatReply);
    let session: ChatStreamSession;
    try {
      // Out of messages, a bad uid or an AI that fails at once: a JSON error status, as `chat/` answers.
      session = await chat.stream(input);
    } catch (error) {
      await claim?.release();
      throw error;
    }
    return streamReply(request, reply, session, async (exchange) => {
      if (!claim) return;
      if (exchange) await claim.complete({ status: 200, body: exchange });
      else await claim.release();
    });
  });
}

/** The reply helper's choices of a send, when any were made. */
function helperOf({
  mode,
  tone,
}: {
  mode?: ReplyHelper['mode'];
  tone?: ReplyHelper['tone'];
}): ReplyHelper | undefined {
  return mode || tone ? { ...(mode && { mode }), ...(tone && { tone }) } : undefined;
}

/** Idempotency keys are per caller: the account, else the visitor's uid. */
function callerOf(owner: Owner): string {
  return owner.kind === 'account' ? `user:${owner.userId}` : `uid:${owner.uid}`;
}

const streamHeaders = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  'x-accel-buffering': 'no',
};

function eventText(event: ChatStreamEventName, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

function replayStream(reply: FastifyReply, exchange: ChatReply): FastifyReply {
  return reply
    .code(200)
    .headers({ ...streamHeaders, 'idempotent-replayed': 'true' })
    .send(eventText('token', { text: exchange.reply.body }) + eventText('done', exchange));
}

/**
 * Writes the reply as server-sent events: `token` per piece, then `done` with the stored exchange, or `error`
 * if the AI fails mid-way. The reply is paid once its first token has left
 * (docs/decisions.md#money-chat-uploads-and-ai-limits): a client that leaves, or an AI that breaks off, after that
 * keeps the partial reply in the history and the charge; only a failure before the first token gives the message back.
 * `settled` gets the stored exchange, or undefined when nothing was charged.
 */
function streamReply(
  request: FastifyRequest,
  reply: FastifyReply,
  session: ChatStreamSession,
  settled: (exchange: ChatReply | undefined) => Promise<void>,
): FastifyReply {
  const events = new PassThrough();
  // A client that left while the first piece was awaited: its socket's close has come and gone.
  const socket = reply.raw.socket;
  let clientLeft = !socket || socket.destroyed;
  // The response's 'close' before it finished = the connection went away (the request's fires once read).
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) clientLeft = true;
  });
  const send = (event: ChatStreamEventName, data: unknown): boolean => {
    if (clientLeft || events.destroyed) return false;
    events.write(eventText(event, data));
    return true;
  };

  const run = async (): Promise<ChatReply | undefined> => {
    let next = session.first;
    let body = '';
    let tokenSent = false;
    /** Settling was tried: the exchange stored (or its store failed), or the message given back. */
    let completed = false;
    /** The model sent its last piece. */
    let finished = false;
    // What was sent is kept and paid for; with nothing sent, the message is given back.
    const keepOrRefund = async (): Promise<ChatReply | undefined> => {
      completed = true;
      if (!tokenSent) {
        await session.abandon();
        return undefined;
      }
      const { image: _none, image_variants: _widths, ...exchange } = await session.finish(body);
      return exchange;
    };
    try {
      while (!next.done && !clientLeft) {
        const chunk = next.value;
        if (chunk.type === 'done') {
          completed = true;
          finished = true;
          const {
            image: _none,
            image_variants: _widths,
            ...exchange
          } = await session.finish(chunk.body || body, chunk.model, chunk.suggestions);
          send('done', exchange);
          return exchange;
        }
        body += chunk.text;
        if (send('token', { text: chunk.text })) tokenSent = true;
        if (!clientLeft) next = await session.chunks.next();
      }
      if (!clientLeft) throw new Error('The AI stream ended without its last piece');
      return await keepOrRefund();
    } catch (error) {
      const problem = isAiError(error) ? aiProblem(error) : undefined;
      if (!problem) request.log.error({ err: error }, 'chat stream failed');
      send('error', problem?.body ?? { detail: 'A server error occurred.', code: 'server_error' });
      // Stored already, or a store that failed after words had left (the charge stays): nothing more to do.
      // Otherwise what was sent is kept, or with nothing sent the message is given back.
      return completed && tokenSent ? undefined : await keepOrRefund();
    } finally {
      // Stops the model's call when the reply is not wanted any more (it ends its HTTP request to the LLM).
      if (!finished) await session.chunks.return?.().catch(() => undefined);
    }
  };

  void run()
    .then(settled, async (error: unknown) => {
      request.log.error({ err: error }, 'chat stream failed');
      await settled(undefined);
    })
    .catch((error: unknown) => request.log.error({ err: error }, 'chat stream failed'))
    .finally(() => events.end());

  return reply.code(200).headers(streamHeaders).send(events);
}
