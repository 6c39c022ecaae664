import type { ChatReply, ChatStreamEvent, HistoryPage } from '@wingmate/api-contract';
import type { FastifyInstance } from 'fastify';
import http from 'node:http';
import { AiProviderError } from '../adapters/ai/errors';
import { offlineModel } from '../adapters/ai/offline/offline-model';
import type { AiModel, ReplyChunk } from '../adapters/ai/ports';
import { eq } from 'drizzle-orm';
import { rateLimitCounters } from '../db/schema';
import { temporaryStorage } from '../testing/chat';
import { describeEachDatabase } from '../testing/test-app';
import { waitFor } from '../testing/wait-for';

/** Reads a `text/event-stream` body into its events. */
function parseEvents(text: string): ChatStreamEvent[] {
  return text
    .split('\n\n')
    .filter((block) => block.trim())
    .map((block) => {
      const event = /^event: (.+)$/m.exec(block)?.[1];
      const data = /^data: (.+)$/m.exec(block)?.[1];
      return { event, data: JSON.parse(data ?? 'null') } as ChatStreamEvent;
    });
}

describeEachDatabase(
  "streamed chat (docs/product.md#chat-calls; the contract's chat/stream/ events)",
  (getApp) => {
    let baseUrl = '';
    beforeAll(async () => {
      const app: FastifyInstance = getApp();
      const address = await app.listen({ port: 0, host: '127.0.0.1' });
      baseUrl = address;
    });

    it('streams the reply over a real socket as token events, then done with the stored exchange', async () => {
      const uid = crypto.randomUUID();
      const response = await fetch(`${baseUrl}/api/v1/chat/stream/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ uid, body: 'Help me write an opener for someone who loves hiking' }),
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
      const events = parseEvents(await response.text());
      const tokens = events.filter((event) => event.event === 'token');
      const done = events.at(-1);
      expect(tokens.length).toBeGreaterThan(1);
      expect(done?.event).toBe('done');
      const exchange = done!.data as ChatReply;
      expect(tokens.map((event) => event.data.text).join('')).toBe(exchange.reply.body);
      expect(exchange.remaining_messages).toBe(2);
      const history = await fetch(`${baseUrl}/api/v1/mobile/new_ai_history/?uid=${uid}`);
      const page = (await history.json()) as HistoryPage;
      expect(page.results.map((message) => message.id)).toEqual([exchange.reply.id, exchange.id]);
    });

    it('answers 402 as JSON, before any event, when the visitor has no messages left', async () => {
      const uid = crypto.randomUUID();
      const post = () =>
        fetch(`${baseUrl}/api/v1/chat/stream/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ uid, body: 'hi' }),
        });
      for (let n = 0; n < 3; n++) await (await post()).text();
      const refused = await post();
      expect(refused.status).toBe(402);
      expect(await refused.json()).toEqual({ detail: 'No messages remaining.', code: 'no_messages' });
    });
  },
  { metering: { freeMessages: 3, freeMessagesPerIp: 20, subscriptionDailyCap: 500 } },
  { uploadStorage: temporaryStorage() },
);

/** The offline model, except that a streamed reply follows the script of the test that is running. */
let streamScript: (() => AsyncIterable<ReplyChunk>) | undefined;
const scripted: AiModel = {
  ...offlineModel(),
  streamReply: (request) => (streamScript ? streamScript() : offlineModel().streamReply(request)),
};

describeEachDatabase(
  "streamed chat that breaks off (the contract's chat/stream/ error event)",
  (getApp) => {
    let baseUrl = '';
    beforeAll(async () => {
      baseUrl = await getApp().listen({ port: 0, host: '127.0.0.1' });
    });
    afterEach(() => {
      streamScript = undefined;
    });

    const remaining = async (uid: string): Promise<number | null> => {
      streamScript = undefined;
      const response = await getApp().inject({
        method: 'POST',
        url: '/api/v1/chat/',
        payload: { uid, body: 'still there?' },
        remoteAddress: '127.0.0.1',
      });
      return response.json<ChatReply>().remaining_messages;
    };

    it('ends with an error event when the AI fails after the first token, keeping the partial reply and the charge (docs/product.md#messages-and-metering)', async () => {
      const uid = crypto.randomUUID();
      // eslint-disable-next-line @typescript-eslint/require-await -- the AI's reply is an AsyncIterable, awaited or not
      streamScript = async function* () {
        yield { type: 'delta', text: 'Here is a first' };
        throw new AiProviderError('The AI answered 500', 500);
      };
      const response = await fetch(`${baseUrl}/api/v1/chat/stream/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ uid, body: 'hello' }),
      });
      const events = parseEvents(await response.text());
      expect(events.map((event) => event.event)).toEqual(['token', 'error']);
      expect(events[1]!.data).toMatchObject({ code: 'ai_unavailable' });
      const stored = await getApp().inject({
        method: 'GET',
        url: `/api/v1/mobile/new_ai_history/?uid=${uid}`,
      });
      expect(stored.json<HistoryPage>().results.map((message) => [message.role, message.body])).toEqual([
        ['ai', 'Here is a first'],
        ['user', 'hello'],
      ]);
      // 5 free messages: the broken-off reply and the check's own message are paid.
      expect(await remaining(uid)).toBe(3);
    });

    it('refunds a reply whose AI fails before its first token (a JSON error, nothing stored)', async () => {
      const uid = crypto.randomUUID();
      streamScript = () => ({
        [Symbol.asyncIterator]: () => ({
          next: () => Promise.reject(new AiProviderError('The AI answered 500', 500)),
        }),
      });
      const response = await fetch(`${baseUrl}/api/v1/chat/stream/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ uid, body: 'hello' }),
      });
      expect(response.status).toBe(502);
      expect(await remaining(uid)).toBe(4);
    });

    it('keeps the partial reply and the charge when the client leaves after the first token (docs/product.md#messages-and-metering)', async () => {
      const uid = crypto.randomUUID();
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      let finished = false;
      streamScript = async function* () {
        try {
          yield { type: 'delta', text: 'Thinking' };
          await held;
          yield { type: 'delta', text: ' more' };
          yield { type: 'done', body: 'Thinking more', model: { name: 'script', offline: true } };
        } finally {
          finished = true;
        }
      };
      const connections = () =>
        new Promise<number>((resolve, reject) =>
          getApp().server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
        );
      const before = await connections();
      // A raw socket that is dropped after the first piece, as a closed browser tab drops it.
      await new Promise<void>((resolve, reject) => {
        const request = http.request(`${baseUrl}/api/v1/chat/stream/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
        });
        request.on('response', (response) => {
          response.once('data', () => {
            request.destroy();
            resolve();
          });
        });
        request.on('error', (error) => (request.destroyed ? undefined : reject(error)));
        request.end(JSON.stringify({ uid, body: 'hello' }));
      });
      // The reply goes on only once the server has seen the socket go.
      for (let tries = 0; tries < 200 && (await connections()) > before; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      release();
      await waitFor(() => finished);
      const history = await getApp().inject({
        method: 'GET',
        url: `/api/v1/mobile/new_ai_history/?uid=${uid}`,
      });
      expect(history.json<HistoryPage>().results.map((message) => [message.role, message.body])).toEqual([
        ['ai', 'Thinking'],
        ['user', 'hello'],
      ]);
      expect(await remaining(uid)).toBe(3);
    });

    it('gives the message back and stores nothing when the client leaves before the first word, yet counts the attempt against the chat limits (docs/decisions.md#chat-limits-count-attempts)', async () => {
      const uid = crypto.randomUUID();
      let started = false;
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      let finished = false;
      streamScript = async function* () {
        try {
          started = true;
          await held;
          yield { type: 'delta', text: 'Too late' };
          yield { type: 'done', body: 'Too late', model: { name: 'script', offline: true } };
        } finally {
          finished = true;
        }
      };
      const attempts = async () => {
        const [row] = await getApp()
          .database.db.select()
          .from(rateLimitCounters)
          .where(eq(rateLimitCounters.key, 'chatPerIp:127.0.0.1'));
        return { count: row?.count ?? 0, window: row?.resetsAt.getTime() };
      };
      const before = await attempts();
      const connections = () =>
        new Promise<number>((resolve, reject) =>
          getApp().server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
        );
      const open = await connections();
      // The socket is dropped while the model has not written a word, as a closed browser tab drops it.
      const request = http.request(`${baseUrl}/api/v1/chat/stream/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
      });
      request.on('error', () => undefined);
      request.end(JSON.stringify({ uid, body: 'hello' }));
      await waitFor(() => started);
      request.destroy();
      await waitFor(async () => (await connections()) <= open);
      release();
      await waitFor(() => finished);
      const history = await getApp().inject({
        method: 'GET',
        url: `/api/v1/mobile/new_ai_history/?uid=${uid}`,
      });
      expect(history.json<HistoryPage>().results).toEqual([]);
      // One more in the window, or the only one of a window that began meanwhile.
      const after = await attempts();
      expect(after.count).toBe(after.window === before.window ? before.count + 1 : 1);
      // 5 free messages: only the check's own is spent.
      expect(await remaining(uid)).toBe(4);
    });

    it('answers a completed Idempotency-Key with the stored reply as a short stream, charging once (docs/decisions.md#money-chat-uploads-and-ai-limits)', async () => {
      const uid = crypto.randomUUID();
      const key = crypto.randomUUID();
      const post = () =>
        fetch(`${baseUrl}/api/v1/chat/stream/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'idempotency-key': key },
          body: JSON.stringify({ uid, body: 'Help me with an opener' }),
        });
      const first = parseEvents(await (await post()).text());
      const again = await post();
      expect(again.status).toBe(200);
      expect(again.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      const replayed = parseEvents(await again.text());
      const exchange = first.at(-1)!.data as ChatReply;
      expect(replayed).toEqual([
        { event: 'token', data: { text: exchange.reply.body } },
        { event: 'done', data: exchange },
      ]);
      expect(await remaining(uid)).toBe(3);
    });

    it('answers 409 {detail} to the same Idempotency-Key while its first stream is still running', async () => {
      const uid = crypto.randomUUID();
      const key = crypto.randomUUID();
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      streamScript = async function* () {
        yield { type: 'delta', text: 'Hold on' };
        await held;
        yield { type: 'done', body: 'Hold on', model: { name: 'script', offline: true } };
      };
      const request = { uid, body: 'hello' };
      const first = await fetch(`${baseUrl}/api/v1/chat/stream/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': key },
        body: JSON.stringify(request),
      });
      const second = await getApp().inject({
        method: 'POST',
        url: '/api/v1/chat/stream/',
        headers: { 'idempotency-key': key },
        payload: request,
      });
      expect(second.statusCode).toBe(409);
      expect(second.json()).toEqual({ detail: expect.any(String) });
      release();
      expect(parseEvents(await first.text()).at(-1)?.event).toBe('done');
    });
  },
  { metering: { freeMessages: 5, freeMessagesPerIp: 100, subscriptionDailyCap: 500 } },
  { ai: scripted, uploadStorage: temporaryStorage() },
);
