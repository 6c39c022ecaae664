import type { ChatReply, ChatStreamEvent, HistoryPage, MobileChatReply } from '@wingmate/api-contract';
import type { FastifyInstance } from 'fastify';
import { multipartPayload } from '../testing/chat';
import { uniqueIp } from '../testing/sign-in';
import { goodPhoto } from '../testing/test-photos';
import { describeEachDatabase } from '../testing/test-app';

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

describeEachDatabase('chat regenerate (issue 20: `replaces` on chat/ and chat/stream/)', (getApp) => {
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

  it('lets only one of two regenerates of the same reply through; the other is given its message back', async () => {
    const app = getApp();
    const visitor = newVisitor();
    const first = await sent(app, visitor, 'What do I answer to "haha"?');

    const answers = await Promise.all([
      send(app, visitor, 'What do I answer to "haha"?', first.reply.id),
      send(app, visitor, 'What do I answer to "haha"?', first.reply.id),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 400]);
    expect(await history(app, visitor)).toHaveLength(2);
    expect(await remaining(app, visitor)).toBe(first.remaining_messages! - 1);
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
