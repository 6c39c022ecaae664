import { Readable } from 'node:stream';
import { ACCESS_TOKEN_KEY } from '../session/tokens';
import { fakeClient } from '../testing/fake-api';

describe('chat send (docs/product.md#chat-calls: POST /api/v1/chat/ with uid and body)', () => {
  it('sends the body with the visitor uid', async () => {
    const { client, requests, storage } = fakeClient(() => ({ status: 201, data: {} }));
    storage.set('uid', 'visitor-1');
    await client.chat.sendChatMessage({ body: 'Hello' });
    expect(requests[0]?.body).toEqual({ body: 'Hello', uid: 'visitor-1' });
  });

  it('passes the reply helper mode and tone through (docs/decisions.md#calls)', async () => {
    const { client, requests } = fakeClient(() => ({ status: 201, data: {} }));
    await client.chat.sendChatMessage({ body: 'Hello', mode: 'opener', tone: 'playful' });
    expect(requests[0]?.body).toMatchObject({ mode: 'opener', tone: 'playful' });
  });
});

describe('mobile chat (docs/product.md#chat-calls)', () => {
  it('sends multipart with the unqiue_id field as spelled, and a 1-hour timeout', async () => {
    const { client, requests, storage } = fakeClient(() => ({ status: 201, data: {} }));
    storage.set('uid', 'visitor-1');
    await client.chat.sendMobileChatMessage({
      body: 'Look',
      image: new Blob(['x']),
      image_width: 640,
      image_height: 480,
    });
    const form = requests[0]?.body as FormData;
    expect(form.get('unqiue_id')).toBe('visitor-1');
    expect(form.get('body')).toBe('Look');
    expect(form.get('image_width')).toBe('640');
    expect(form.get('image')).toBeInstanceOf(Blob);
    expect(requests[0]?.config.timeout).toBe(3_600_000);
  });

  it('sends the reply helper mode and tone as form fields (docs/decisions.md#calls)', async () => {
    const { client, requests } = fakeClient(() => ({ status: 201, data: {} }));
    await client.chat.sendMobileChatMessage({ body: 'Help', mode: 'reply', tone: 'witty' });
    const form = requests[0]?.body as FormData;
    expect([form.get('mode'), form.get('tone')]).toEqual(['reply', 'witty']);
  });

  it('leaves out the image fields when there is no image', async () => {
    const { client, requests } = fakeClient(() => ({ status: 201, data: {} }));
    await client.chat.sendMobileChatMessage({ body: 'Plain' });
    expect([...(requests[0]?.body as FormData).keys()].sort()).toEqual(['body', 'unqiue_id']);
  });
});

describe('chat history delete (docs/decisions.md#calls: POST /api/v1/chat/history/delete/, optional auth)', () => {
  it("names the visitor's uid when signed out", async () => {
    const { client, requests, storage } = fakeClient(() => ({
      status: 200,
      data: { deleted_messages: 4, deleted_photos: 1 },
    }));
    storage.set('uid', 'visitor-1');
    await expect(client.chat.deleteChatHistory()).resolves.toEqual({
      deleted_messages: 4,
      deleted_photos: 1,
    });
    expect(requests[0]).toMatchObject({ method: 'POST', path: '/api/v1/chat/history/delete/' });
    expect(requests[0]?.body).toEqual({ uid: 'visitor-1' });
  });

  it('sends no uid with a token: the account is known by it', async () => {
    const { client, requests, storage } = fakeClient(() => ({ status: 200, data: {} }));
    storage.set(ACCESS_TOKEN_KEY, 'jwt');
    storage.set('uid', 'visitor-1');
    await client.chat.deleteChatHistory();
    expect(requests[0]?.body).toEqual({});
  });
});

describe('chat history (docs/product.md#chat-calls)', () => {
  it('asks for page 1 by default', async () => {
    const { client, requests, storage } = fakeClient(() => ({ status: 200, data: { results: [] } }));
    storage.set(ACCESS_TOKEN_KEY, 'jwt');
    await client.chat.getChatHistory();
    expect(requests[0]?.query).toEqual({ page: 1 });
  });

  it('carries the uid when anonymous', async () => {
    const { client, requests, storage } = fakeClient(() => ({ status: 200, data: { results: [] } }));
    storage.set('uid', 'visitor-1');
    await client.chat.getChatHistory({ page: 3 });
    expect(requests[0]?.query).toEqual({ page: 3, uid: 'visitor-1' });
  });

  it.each([400, 404])('reads a %i as an empty page', async (status) => {
    const { client } = fakeClient(() => ({ status, data: { detail: 'Invalid page.' } }));
    await expect(client.chat.getChatHistory({ page: 99 })).resolves.toEqual({
      count: 0,
      previous: null,
      next: null,
      results: [],
    });
  });
});

describe('streamed chat (docs/product.md#chat: POST /api/v1/chat/stream/ answers server-sent events)', () => {
  it('yields token events, then done', async () => {
    const done = {
      id: 1,
      body: 'Hi',
      reply: { id: 2, body: 'Hello there', created_at: '2025-01-01T00:00:00Z' },
    };
    const { client } = fakeClient(() => ({
      status: 200,
      data: Readable.from([
        'event: token\ndata: {"text":"Hello"}\n\nevent: tok',
        'en\ndata: {"text":" there"}\n\n: keep-alive\n\n',
        `event: done\ndata: ${JSON.stringify(done)}\n\n`,
      ]),
    }));
    const events = [];
    for await (const event of client.chat.streamChatMessage({ body: 'Hi' })) events.push(event);
    expect(events).toEqual([
      { event: 'token', data: { text: 'Hello' } },
      { event: 'token', data: { text: ' there' } },
      { event: 'done', data: done },
    ]);
  });

  it('maps a JSON failure that arrived as a stream like any other', async () => {
    const { client } = fakeClient(() => ({
      status: 402,
      data: Readable.from(['{"detail":"No messages remaining.","code":"no_messages"}']),
    }));
    const events = client.chat.streamChatMessage({ body: 'Hi' });
    await expect(events.next()).rejects.toMatchObject({
      status: 402,
      code: 'no_messages',
      message: 'No messages remaining.',
    });
  });
});
