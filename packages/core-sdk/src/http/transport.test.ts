/**
 * The transport against a real HTTP server on 127.0.0.1 (node:http, port 0): retries, single-flight refresh and
 * the 100 ms release of its waiters (docs/product.md#the-clients-rules-core-sdk).
 */
import { isApiError } from '../errors/api-error';
import { createClient } from '../client';
import { silentLogger } from '../ports/logger';
import { memoryStorage } from '../ports/storage';
import { ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY } from '../session/tokens';
import {
  sendJson,
  settleWithFakeTimers,
  startLocalServer,
  type ServerHandler,
} from '../testing/local-server';

const user = { pk: 1, first_name: 'Ann', last_name: '', phone_number: null, email: 'ann@example.com' };
const tokenNotValid = { detail: 'Given token not valid for any token type', code: 'token_not_valid' };

let server: Awaited<ReturnType<typeof startLocalServer>> | undefined;
afterEach(async () => {
  jest.useRealTimers();
  await server?.close();
  server = undefined;
});

function clientOn(
  baseURL: string,
  options: { sleep?: (ms: number) => Promise<void>; signedIn?: boolean } = {},
) {
  const storage = memoryStorage();
  if (options.signedIn) {
    storage.set(ACCESS_TOKEN_KEY, 'old-jwt');
    storage.set(REFRESH_TOKEN_KEY, 'old-refresh');
  }
  const client = createClient({ baseURL, storage, logger: silentLogger, sleep: options.sleep });
  return { client, storage };
}

async function serve(handler: ServerHandler) {
  server = await startLocalServer(handler);
  return server;
}

// Up to 5, with exponential delay, on network errors and idempotent requests.
describe('HTTP retries (docs/product.md#constants-and-limits)', () => {
  beforeEach(() => jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] }));

  it('retries an idempotent GET that failed with 503, then succeeds', async () => {
    const { baseURL, requests } = await serve((request, response) =>
      requests.length < 3 ? sendJson(response, 503, { detail: 'Busy' }) : sendJson(response, 200, user),
    );
    const { client } = clientOn(baseURL, { signedIn: true });
    await expect(settleWithFakeTimers(client.auth.getAuthUser())).resolves.toEqual(user);
    expect(requests).toHaveLength(3);
  });

  it('gives up after 5 retries with the last answer', async () => {
    const { baseURL, requests } = await serve((_request, response) =>
      sendJson(response, 503, { detail: 'Busy' }),
    );
    const { client } = clientOn(baseURL, { signedIn: true });
    const error = await settleWithFakeTimers(client.auth.getAuthUser()).catch((e: unknown) => e);
    expect(isApiError(error) && error.status).toBe(503);
    expect(requests).toHaveLength(6);
  });

  it('waits exponentially longer before each retry: about 200, 400, 800, 1600, 3200 ms', async () => {
    const { baseURL, requests } = await serve((_request, response) => sendJson(response, 503, {}));
    const { client } = clientOn(baseURL, { signedIn: true });
    await settleWithFakeTimers(client.auth.getAuthUser()).catch(() => undefined);
    const gaps = requests.slice(1).map((request, i) => request.at - (requests[i]?.at ?? 0));
    [200, 400, 800, 1600, 3200].forEach((base, i) => {
      expect(gaps[i]).toBeGreaterThanOrEqual(base);
      expect(gaps[i]).toBeLessThanOrEqual(base * 1.2);
    });
  });

  it('does not retry a POST that the server answered with 503', async () => {
    const { baseURL, requests } = await serve((_request, response) =>
      sendJson(response, 503, { detail: 'Busy' }),
    );
    const { client } = clientOn(baseURL);
    await expect(
      settleWithFakeTimers(client.auth.generatePin({ phone_number: '2133734253' })),
    ).rejects.toMatchObject({
      status: 503,
      message: 'Busy',
    });
    expect(requests).toHaveLength(1);
  });

  it('retries a POST whose connection broke before any answer (a network error)', async () => {
    const { baseURL, requests } = await serve((_request, response) => {
      if (requests.length === 1) response.socket?.destroy();
      else sendJson(response, 200, { detail: 'PIN sent', phone_number: '+12133734253' });
    });
    const { client } = clientOn(baseURL);
    await expect(
      settleWithFakeTimers(client.auth.generatePin({ phone_number: '2133734253' })),
    ).resolves.toMatchObject({
      detail: 'PIN sent',
    });
    expect(requests).toHaveLength(2);
  });

  it('gives status 0 when the server cannot be reached (docs/product.md#error-catalogue)', async () => {
    const { baseURL } = await serve(() => undefined);
    await server!.close();
    server = undefined;
    const { client } = clientOn(baseURL);
    const error = await settleWithFakeTimers(client.auth.generatePin({ phone_number: '2133734253' })).catch(
      (e: unknown) => e,
    );
    expect(isApiError(error) && error.status).toBe(0);
  });
});

/** A server whose `/auth/user/` refuses `old-jwt` with 401 and whose refresh answers once the test lets it. */
async function refreshingServer(refreshAnswer: { status: number; body: unknown }, expectedUserCalls = 3) {
  let releaseRefresh!: () => void;
  const refreshMayAnswer = new Promise<void>((resolve) => (releaseRefresh = resolve));
  let refusals = 0;
  const started = await serve(async (request, response) => {
    if (request.path === '/auth/token/refresh/') {
      await refreshMayAnswer;
      return sendJson(response, refreshAnswer.status, refreshAnswer.body);
    }
    if (request.authorization === 'Bearer fresh-jwt') return sendJson(response, 200, user);
    sendJson(response, 401, tokenNotValid);
    if (++refusals === expectedUserCalls) releaseRefresh();
  });
  const paths = () => started.requests.map((r) => `${r.path} ${r.authorization ?? ''}`.trim());
  return { ...started, paths };
}

describe('single-flight token refresh (docs/product.md#sessions-and-tokens)', () => {
  it('refreshes once for 3 concurrent requests refused with 401, then retries them all', async () => {
    const { baseURL, paths } = await refreshingServer({
      status: 200,
      body: { access: 'fresh-jwt', refresh: 'fresh-r' },
    });
    const sleep = jest.fn(async () => {});
    const { client, storage } = clientOn(baseURL, { signedIn: true, sleep });
    const answers = await Promise.all([
      client.auth.getAuthUser(),
      client.auth.getAuthUser(),
      client.auth.getAuthUser(),
    ]);
    expect(answers).toEqual([user, user, user]);
    expect(paths().filter((p) => p === '/auth/token/refresh/')).toHaveLength(1);
    expect(paths().filter((p) => p === '/auth/user/ Bearer fresh-jwt')).toHaveLength(3);
    expect(storage.get(ACCESS_TOKEN_KEY)).toBe('fresh-jwt');
  });

  it('releases the waiters only after a 100 ms pause once the refresh has finished', async () => {
    const { baseURL, paths } = await refreshingServer({
      status: 200,
      body: { access: 'fresh-jwt', refresh: 'fresh-r' },
    });
    let releaseWaiters!: () => void;
    const paused = new Promise<void>((resolve) => (releaseWaiters = resolve));
    const sleep = jest.fn(() => paused);
    const { client } = clientOn(baseURL, { signedIn: true, sleep });
    const answers = Promise.all([
      client.auth.getAuthUser(),
      client.auth.getAuthUser(),
      client.auth.getAuthUser(),
    ]);
    while (sleep.mock.calls.length < 3) await new Promise((resolve) => setImmediate(resolve));
    expect(sleep.mock.calls).toEqual([[100], [100], [100]]);
    for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setImmediate(resolve));
    expect(paths().filter((p) => p.endsWith('fresh-jwt'))).toHaveLength(0);
    releaseWaiters();
    await expect(answers).resolves.toEqual([user, user, user]);
    expect(paths().filter((p) => p.endsWith('fresh-jwt'))).toHaveLength(3);
  });

  it('with the default timer, the retries go out 100 ms (fake time) after the refresh answered', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    const { baseURL, requests } = await refreshingServer({
      status: 200,
      body: { access: 'fresh-jwt', refresh: 'r' },
    });
    const { client } = clientOn(baseURL, { signedIn: true });
    await settleWithFakeTimers(
      Promise.all([client.auth.getAuthUser(), client.auth.getAuthUser(), client.auth.getAuthUser()]),
    );
    const refreshAt = requests.find((r) => r.path === '/auth/token/refresh/')!.at;
    const retriedAt = requests
      .filter((r) => r.authorization === 'Bearer fresh-jwt')
      .map((r) => r.at - refreshAt);
    expect(retriedAt).toEqual([100, 100, 100]);
  });

  it('a failed refresh clears the tokens and every waiter gets "JSON token parse is wrong."', async () => {
    const { baseURL, paths } = await refreshingServer({ status: 401, body: tokenNotValid });
    const { client, storage } = clientOn(baseURL, { signedIn: true, sleep: async () => {} });
    const outcomes = await Promise.allSettled([
      client.auth.getAuthUser(),
      client.auth.getAuthUser(),
      client.auth.getAuthUser(),
    ]);
    expect(outcomes.map((o) => o.status === 'rejected' && (o.reason as Error).message)).toEqual([
      'JSON token parse is wrong.',
      'JSON token parse is wrong.',
      'JSON token parse is wrong.',
    ]);
    expect(paths().filter((p) => p === '/auth/token/refresh/')).toHaveLength(1);
    expect(storage.get(ACCESS_TOKEN_KEY)).toBeNull();
    expect(storage.get(REFRESH_TOKEN_KEY)).toBeNull();
  });
});

describe('streamed chat over a real socket (docs/product.md#chat: chat/stream/ answers text/event-stream)', () => {
  it('yields the events as the server writes them, through the fetch adapter browsers need', async () => {
    const { baseURL } = await serve((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'text/event-stream' });
      response.write('event: token\ndata: {"text":"Hel"}\n\n');
      response.end('event: token\ndata: {"text":"lo"}\n\n');
    });
    const { client } = clientOn(baseURL);
    const texts: string[] = [];
    for await (const event of client.chat.streamChatMessage({ body: 'Hi' })) {
      if (event.event === 'token') texts.push(event.data.text);
    }
    expect(texts).toEqual(['Hel', 'lo']);
  });

  it('maps a JSON failure answered before the stream began', async () => {
    const { baseURL } = await serve((_request, response) =>
      sendJson(response, 402, { detail: 'No messages remaining.', code: 'no_messages' }),
    );
    const { client } = clientOn(baseURL);
    await expect(client.chat.streamChatMessage({ body: 'Hi' }).next()).rejects.toMatchObject({
      status: 402,
      code: 'no_messages',
      message: 'No messages remaining.',
    });
  });
});
