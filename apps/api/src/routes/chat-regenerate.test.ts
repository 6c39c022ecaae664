import type { ChatReply, ChatStreamEvent, HistoryPage, MobileChatReply } from '@wingmate/api-contract';
import type { FastifyInstance } from 'fastify';
import { AiProviderError } from '../adapters/ai/errors';
import { multipartPayload, temporaryStorage } from '../testing/chat';
import { heldModel } from '../testing/held-model';
import { uniqueIp } from '../testing/sign-in';
import { goodPhoto } from '../testing/test-photos';
import { describeEachDatabase } from '../testing/test-app';
import { waitFor } from '../testing/wait-for';

interface Visitor {
  readonly uid: string;
  readonly ip: string;
}

const newVisitor = (): Visitor => ({ uid: crypto.randomUUID(), ip: uniqueIp() });

function send(app: FastifyInstance, visitor: Visitor, body: string, replaces?: number) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/chat/',
    payload: { uid: visitor.uid, body, ...(replaces !== undefined && { replaces }) },
    remoteAddress: visitor.ip,
  });
}

async function sent(app: FastifyInstance, visitor: Visitor, body: string): Promise<ChatReply> {
  const response = await send(app, visitor, body);
  expect(response.statusCode).toBe(201);
  return response.json<ChatReply>();
}

async function history(app: FastifyInstance, visitor: Visitor) {
  const response = await app.inject({
    method: 'GET',
    url: `/api/v1/mobile/new_ai_history/?uid=${visitor.uid}`,
  });
  return response.json<HistoryPage>().results.map(({ id, role, body }) => ({ id, role, body }));
}

async function remaining(app: FastifyInstance, visitor: Visitor): Promise<number> {
  const response = await app.inject({
    method: 'GET',
    url: `/api/v1/user/info/?uid=${visitor.uid}`,
    remoteAddress: visitor.ip,
  });
  return response.json<{ remaining_messages: number }>().remaining_messages;
}

async function sentPhoto(app: FastifyInstance, visitor: Visitor): Promise<MobileChatReply> {
  const form = await multipartPayload(
    { unqiue_id: visitor.uid, body: 'Is this photo good?' },
    { image: { bytes: await goodPhoto(320, 240), name: 'photo.jpg' } },
  );
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/mobile/chat/',
    ...form,
    remoteAddress: visitor.ip,
  });
  expect(response.statusCode).toBe(201);
  return response.json<MobileChatReply>();
}

describeEachDatabase('chat regenerate (docs/decisions.md#chat-bio-and-profile-appsapi)', (getApp) => {
  it('replaces the newest exchange with a new one, in the history too, for one message', async () => {
    const app = getApp();
    const visitor = newVisitor();
    await sent(app, visitor, 'Help me write an opener for a hiker');
    const first = await sent(app, visitor, 'Make it shorter');

    const response = await send(app, visitor, 'Make it shorter', first.reply.id);
    expect(response.statusCode).toBe(201);
    const again = response.json<ChatReply>();
    expect(again.reply.id).not.toBe(first.reply.id);
    expect(again.remaining_messages).toBe(first.remaining_messages! - 1);

    const messages = await history(app, visitor);
    expect(messages).toHaveLength(4);
    expect(messages.slice(0, 2)).toEqual([
      { id: again.reply.id, role: 'ai', body: again.reply.body },
      { id: again.id, role: 'user', body: 'Make it shorter' },
    ]);
    expect(messages.map((message) => message.id)).not.toContain(first.reply.id);
    expect(messages.map((message) => message.id)).not.toContain(first.id);
  });

  it('refuses a reply that is not the newest, or not the caller’s, with nothing charged or changed', async () => {
    const app = getApp();
    const visitor = newVisitor();
    const older = await sent(app, visitor, 'first question');
    await sent(app, visitor, 'second question');
    const someoneElse = await sent(app, newVisitor(), 'their question');
    const before = { messages: await history(app, visitor), remaining: await remaining(app, visitor) };

    for (const replaces of [older.reply.id, someoneElse.reply.id, older.id]) {
      const response = await send(app, visitor, 'second question', replaces);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        replaces: ['Only the newest reply can be regenerated; reload the chat.'],
      });
    }
    expect({ messages: await history(app, visitor), remaining: await remaining(app, visitor) }).toEqual(
      before,
    );
  });

  it('refuses to regenerate a reply to a photo: the photo would have to be sent again', async () => {
    const app = getApp();
    const visitor = newVisitor();
    const photo = await sentPhoto(app, visitor);
    const response = await send(app, visitor, 'Is this photo good?', photo.reply.id);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      replaces: ['A reply to a photo cannot be regenerated; send the photo again.'],
    });
  });

  it('replaces through the stream as well', async () => {
    const app = getApp();
    const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    const visitor = newVisitor();
    const first = await sent(app, visitor, 'Write me an opener');

    const response = await fetch(`${baseUrl}/api/v1/chat/stream/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ uid: visitor.uid, body: 'Write me an opener', replaces: first.reply.id }),
    });
    expect(response.status).toBe(200);
    const done = (await response.text())
      .split('\n\n')
      .map((block) => ({ event: /^event: (.+)$/m.exec(block)?.[1], data: /^data: (.+)$/m.exec(block)?.[1] }))
      .find((event) => event.event === 'done') as { data: string } | undefined;
    const exchange = JSON.parse(done!.data) as Extract<ChatStreamEvent, { event: 'done' }>['data'];
    expect((await history(app, visitor)).map((message) => message.id)).toEqual([
      exchange.reply.id,
      exchange.id,
    ]);
  });
});

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

const held = heldModel();
const logLines: string[] = [];
/** Log lines at level error or above (pino's 50). */
const errorLines = () => logLines.filter((line) => (JSON.parse(line) as { level: number }).level >= 50);

/**
 * Starts `first`, holds it inside the provider call, then starts `others`; once each of them has answered or
 * reached the provider too, lets everything go. `providerCalls`: how many of all the requests reached it.
 */
async function atTheProviderCall<T>(first: () => Promise<T>, others: (() => Promise<T>)[]) {
  held.hold();
  const start = held.calls;
  const winner = first();
  await waitFor(() => held.calls > start);
  let answered = 0;
  const losers = others.map((request) => request().finally(() => (answered += 1)));
  await waitFor(() => answered + (held.calls - start - 1) >= others.length);
  const providerCalls = held.calls - start;
  held.release();
  return { providerCalls, winner: await winner, losers: await Promise.all(losers) };
}

describeEachDatabase(
  'regenerates of one reply at once (docs/decisions.md#chat-bio-and-profile-appsapi)',
  (getApp) => {
    let baseUrl = '';
    beforeAll(async () => {
      baseUrl = await getApp().listen({ port: 0, host: '127.0.0.1' });
    });
    beforeEach(() => {
      logLines.length = 0;
    });
    // A failed test leaves nothing waiting at the gate.
    afterEach(() => held.release());

    const regenerateStream = (visitor: Visitor, replaced: ChatReply) =>
      fetch(`${baseUrl}/api/v1/chat/stream/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ uid: visitor.uid, body: replaced.body, replaces: replaced.reply.id }),
      });

    it('streams one of eight regenerates; the seven others answer 409 already_replaced before any word, paying nothing', async () => {
      const app = getApp();
      const visitor = newVisitor();
      const first = await sent(app, visitor, 'What do I answer to "haha"?');
      const before = await remaining(app, visitor);

      const race = await atTheProviderCall(
        () => regenerateStream(visitor, first),
        Array.from({ length: 7 }, () => () => regenerateStream(visitor, first)),
      );
      expect(race.providerCalls).toBe(1);
      const refused = await Promise.all(
        race.losers.map(async (response) => ({ status: response.status, body: await response.text() })),
      );
      for (const { status, body } of refused) {
        expect(status).toBe(409);
        expect(JSON.parse(body)).toEqual({ detail: expect.any(String), code: 'already_replaced' });
      }

      expect(race.winner.status).toBe(200);
      const events = parseEvents(await race.winner.text());
      expect(events.at(-1)?.event).toBe('done');
      const exchange = events.at(-1)!.data as ChatReply;
      expect((await history(app, visitor)).map((message) => message.id)).toEqual([
        exchange.reply.id,
        exchange.id,
      ]);
      expect(await remaining(app, visitor)).toBe(before - 1);
      expect(errorLines()).toEqual([]);
    });

    it('answers 409 already_replaced on chat/ to a regenerate of a reply whose other regenerate waits for the AI', async () => {
      const app = getApp();
      const visitor = newVisitor();
      const first = await sent(app, visitor, 'Write me an opener');
      const before = await remaining(app, visitor);

      const race = await atTheProviderCall(
        () => send(app, visitor, first.body, first.reply.id),
        [() => send(app, visitor, first.body, first.reply.id)],
      );
      expect(race.providerCalls).toBe(1);
      expect(race.losers[0]!.statusCode).toBe(409);
      expect(race.losers[0]!.json()).toEqual({ detail: expect.any(String), code: 'already_replaced' });
      expect(race.winner.statusCode).toBe(201);
      const exchange = race.winner.json<ChatReply>();
      expect((await history(app, visitor)).map((message) => message.id)).toEqual([
        exchange.reply.id,
        exchange.id,
      ]);
      expect(await remaining(app, visitor)).toBe(before - 1);
    });

    it('leaves the reply to regenerate again, and gives the message back, when the AI fails before the first word', async () => {
      const app = getApp();
      const visitor = newVisitor();
      const first = await sent(app, visitor, 'Help me ask her out');
      const before = await remaining(app, visitor);

      held.hold();
      const start = held.calls;
      const failing = regenerateStream(visitor, first);
      await waitFor(() => held.calls > start);
      held.release(new AiProviderError('The AI answered 500', 500));
      const failed = await failing;
      expect(failed.status).toBe(502);
      expect(await failed.json()).toMatchObject({ code: 'ai_unavailable' });
      expect(await remaining(app, visitor)).toBe(before);

      const again = await regenerateStream(visitor, first);
      expect(again.status).toBe(200);
      expect(parseEvents(await again.text()).at(-1)?.event).toBe('done');
      expect(await history(app, visitor)).toHaveLength(2);
      expect(await remaining(app, visitor)).toBe(before - 1);
    });

    it('keeps and charges a regenerated reply whose words have left when the history was deleted meanwhile', async () => {
      const app = getApp();
      const visitor = newVisitor();
      const first = await sent(app, visitor, 'Is "hey" a good opener?');
      const before = await remaining(app, visitor);

      held.hold();
      const start = held.calls;
      const streaming = regenerateStream(visitor, first);
      await waitFor(() => held.calls > start);
      const deleted = await app.inject({
        method: 'POST',
        url: '/api/v1/chat/history/delete/',
        payload: { uid: visitor.uid },
      });
      expect(deleted.statusCode).toBe(200);
      held.release();
      const events = parseEvents(await (await streaming).text());
      expect(events.at(-1)?.event).toBe('done');
      const exchange = events.at(-1)!.data as ChatReply;
      expect((await history(app, visitor)).map((message) => message.id)).toEqual([
        exchange.reply.id,
        exchange.id,
      ]);
      expect(await remaining(app, visitor)).toBe(before - 1);
      expect(errorLines()).toEqual([]);
    });
  },
  {
    logLevel: 'error',
    metering: { freeMessages: 20, freeMessagesPerIp: 1000, subscriptionDailyCap: 500 },
  },
  {
    ai: held.model,
    uploadStorage: temporaryStorage(),
    logStream: { write: (line: string) => void logLines.push(line) },
  },
);
