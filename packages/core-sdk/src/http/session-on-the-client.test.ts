/**
 * docs/decisions.md#the-sdk-surface-the-web-app-binds-to: a refresh that never reached the server keeps the
 * tokens and is never retried by the transport; one `Idempotency-Key` per user intent; every call takes an
 * AbortSignal. Against a real HTTP server on 127.0.0.1, so resets and cancels are real.
 */
import { createClient } from '../client';
import { silentLogger } from '../ports/logger';
import { memoryStorage } from '../ports/storage';
import { ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY } from '../session/tokens';
import { fakeClient } from '../testing/fake-api';
import {
  sendJson,
  settleWithFakeTimers,
  startLocalServer,
  type ServerHandler,
} from '../testing/local-server';

const tokenNotValid = { detail: 'Given token not valid for any token type', code: 'token_not_valid' };

let server: Awaited<ReturnType<typeof startLocalServer>> | undefined;
afterEach(async () => {
  jest.useRealTimers();
  await server?.close();
  server = undefined;
});

async function clientOn(handler: ServerHandler) {
  server = await startLocalServer(handler);
  const storage = memoryStorage({ [ACCESS_TOKEN_KEY]: 'old-jwt', [REFRESH_TOKEN_KEY]: 'old-refresh' });
  const client = createClient({ baseURL: server.baseURL, storage, logger: silentLogger });
  return { client, storage, requests: server.requests };
}

/** `/auth/user/` refuses the token; the refresh call's connection is reset before any answer. */
const refreshNeverAnswers: ServerHandler = (request, response) => {
  if (request.path === '/auth/token/refresh/') response.socket?.destroy();
  else sendJson(response, 401, tokenNotValid);
};

describe('a refresh that never reached the server (docs/decisions.md#the-sdk-surface-the-web-app-binds-to)', () => {
  beforeEach(() => jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] }));

  it('keeps the tokens, and the call fails with status 0', async () => {
    const { client, storage } = await clientOn(refreshNeverAnswers);
    await expect(settleWithFakeTimers(client.auth.getAuthUser())).rejects.toMatchObject({ status: 0 });
    expect([storage.get(ACCESS_TOKEN_KEY), storage.get(REFRESH_TOKEN_KEY)]).toEqual([
      'old-jwt',
      'old-refresh',
    ]);
    expect(client.session.isLoggedIn()).toBe(true);
  });

  it('is not retried by the transport: the server would take a second use of the token as theft', async () => {
    const { client, requests } = await clientOn(refreshNeverAnswers);
    await settleWithFakeTimers(client.auth.getAuthUser()).catch(() => undefined);
    expect(requests.filter((r) => r.path === '/auth/token/refresh/')).toHaveLength(1);
  });
});

describe('one Idempotency-Key per user intent (docs/decisions.md#the-sdk-surface-the-web-app-binds-to)', () => {
  it('is the same on the transport retry of a chat send whose connection was reset', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    const { client, requests } = await clientOn((_request, response) => {
      if (requests.length === 1) response.socket?.destroy();
      else sendJson(response, 201, { id: 1 });
    });
    await settleWithFakeTimers(client.chat.sendChatMessage({ body: 'Hello' }));
    expect(requests).toHaveLength(2);
    expect(requests[0]?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(requests[1]?.idempotencyKey).toBe(requests[0]?.idempotencyKey);
  });

  it("is the caller's when given, so the person's Retry sends the same key again", async () => {
    const { client, requests } = fakeClient(() => ({ status: 201, data: {} }));
    await client.chat.sendChatMessage({ body: 'Hello' }, { idempotencyKey: 'intent-1' });
    await client.chat.sendChatMessage({ body: 'Hello' }, { idempotencyKey: 'intent-1' });
    expect(requests.map((r) => r.config.headers.get('Idempotency-Key'))).toEqual(['intent-1', 'intent-1']);
  });

  it('differs between two calls made without one: two sends are two intents', async () => {
    const { client, requests } = fakeClient(() => ({ status: 201, data: {} }));
    await client.chat.sendChatMessage({ body: 'Hello' });
    await client.chat.sendChatMessage({ body: 'Hello' });
    const [first, second] = requests.map((r) => r.config.headers.get('Idempotency-Key'));
    expect(first).not.toBe(second);
  });

  const signedInFake = () => {
    const setup = fakeClient(() => ({ status: 200, data: {} }));
    setup.storage.set(ACCESS_TOKEN_KEY, 'jwt');
    return setup;
  };
  const intents: [string, (c: ReturnType<typeof signedInFake>['client']) => Promise<unknown>][] = [
    ['sendChatMessage', (c) => c.chat.sendChatMessage({ body: 'Hi' }, { idempotencyKey: 'k' })],
    ['sendMobileChatMessage', (c) => c.chat.sendMobileChatMessage({ body: 'Hi' }, { idempotencyKey: 'k' })],
    [
      'createPaymentIntent',
      (c) => c.memberships.createPaymentIntent({ plan_id: 1 }, { idempotencyKey: 'k' }),
    ],
    [
      'createDynamicPaymentIntent',
      (c) => c.memberships.createDynamicPaymentIntent({ amount: 5 }, { idempotencyKey: 'k' }),
    ],
    [
      'confirmPaymentIntent',
      (c) => c.memberships.confirmPaymentIntent({ payment_intent_id: 'pi_1' }, { idempotencyKey: 'k' }),
    ],
    ['verifyCard', (c) => c.memberships.verifyCard({ payment_method_id: 'pm_1' }, { idempotencyKey: 'k' })],
    [
      'updatePaymentMethod',
      (c) => c.memberships.updatePaymentMethod({ payment_method_id: 'pm_1' }, { idempotencyKey: 'k' }),
    ],
  ];

  it.each(intents)('%s sends it', async (_id, send) => {
    const { client, requests } = signedInFake();
    await send(client);
    expect(requests[0]?.config.headers.get('Idempotency-Key')).toBe('k');
  });

  it('the streamed chat sends it', async () => {
    const { client, requests } = await clientOn((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'text/event-stream' });
      response.end('event: token\ndata: {"text":"Hi"}\n\n');
    });
    for await (const _event of client.chat.streamChatMessage({ body: 'Hi' }, { idempotencyKey: 'k' }));
    expect(requests[0]?.idempotencyKey).toBe('k');
  });

  it('is not sent on calls that are not a user intent to pay or send', async () => {
    const { client, requests } = signedInFake();
    await client.memberships.listPlans();
    expect(requests[0]?.config.headers.get('Idempotency-Key')).toBeUndefined();
  });
});

describe('every call takes an AbortSignal, so a screen that closes cancels its call', () => {
  it('an aborted call rejects at once with status 0, and the transport does not retry it', async () => {
    const { client, requests } = await clientOn(() => undefined); // never answers
    const controller = new AbortController();
    const call = client.auth.getAuthUser({ signal: controller.signal });
    while (requests.length === 0) await new Promise((resolve) => setImmediate(resolve));
    controller.abort();
    await expect(call).rejects.toMatchObject({ status: 0, code: 'ERR_CANCELED' });
    expect(requests).toHaveLength(1);
  });

  it('a streamed reply stops when its signal aborts', async () => {
    const { client } = await clientOn((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'text/event-stream' });
      response.write('event: token\ndata: {"text":"Hel"}\n\n'); // and the rest never comes
    });
    const controller = new AbortController();
    const events = client.chat.streamChatMessage({ body: 'Hi' }, { signal: controller.signal });
    await expect(events.next()).resolves.toMatchObject({ value: { event: 'token' } });
    controller.abort();
    await expect(events.next()).rejects.toBeDefined();
  });

  it('an upload takes it with its progress callback', async () => {
    const { client, requests } = fakeClient(() => ({ status: 201, data: {} }));
    const controller = new AbortController();
    await client.chat.sendMobileChatMessage(
      { body: 'Look', image: new Blob(['x']) },
      { signal: controller.signal, onUploadProgress: () => undefined },
    );
    expect(requests[0]?.config.signal).toBe(controller.signal);
  });
});
