import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeOpenAiOptions {
  /** The reply's tokens, sent one by one (each a `delta.content`). */
  readonly tokens: readonly string[];
  /** The wait before each token, so a reply lasts long enough to be watched and stopped. */
  readonly tokenIntervalMs: number;
}

/** What the fake saw: every Chat Completions call, by outcome. */
export interface FakeOpenAiCalls {
  /** Calls answered with the outage's status. */
  readonly failed: number;
  /** Streams begun (whole or cut off by the caller). */
  readonly streamed: number;
  /** Streams the caller closed before `[DONE]` (the API stopping the AI once the person pressed Stop). */
  readonly abandoned: number;
}

export interface FakeOpenAi {
  /** The `LLM_BASE_URL` to give the API (`http://127.0.0.1:<port>/v1`). */
  readonly baseUrl: string;
  /** The full reply the streams send now, for assertions. */
  readonly reply: string;
  /** Every call answers `tokens` instead, until `replyWith()` without tokens brings the usual reply back. */
  replyWith(tokens?: readonly string[]): void;
  calls(): FakeOpenAiCalls;
  /** Resolves once `count` streams in all were abandoned by the caller. */
  abandoned(count: number): Promise<void>;
  /** Every call answers `status` (an upstream outage) until `recover()`. */
  startOutage(status: number): void;
  recover(): void;
  close(): Promise<void>;
}

const MODEL = 'fake-slow-model';

/**
 * A slow OpenAI-compatible server speaking the real Chat Completions streaming wire format
 * (`data: {"object":"chat.completion.chunk","choices":[{"delta":{"content":…}}]}` lines, then `data: [DONE]`),
 * one token every `tokenIntervalMs`, so the API's real OpenAI adapter (through `LLM_BASE_URL`) streams a reply
 * slowly enough for a browser test to watch it grow, stop it, or see the upstream fail.
 */
export async function startFakeOpenAi(options: FakeOpenAiOptions): Promise<FakeOpenAi> {
  let outage: number | null = null;
  let tokens = options.tokens;
  const calls = { failed: 0, streamed: 0, abandoned: 0 };
  const abandonWaiters: { count: number; resolve: () => void }[] = [];
  const noteAbandoned = () => {
    calls.abandoned++;
    for (const waiter of abandonWaiters.filter((entry) => entry.count <= calls.abandoned)) {
      abandonWaiters.splice(abandonWaiters.indexOf(waiter), 1);
      waiter.resolve();
    }
  };

  const server = createServer((request, response) => {
    void handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message: String(error), type: 'server_error' } }));
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (request.method !== 'POST' || request.url !== '/v1/chat/completions') {
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message: `No route ${request.method} ${request.url}` } }));
      return;
    }
    const body = JSON.parse(await readBody(request)) as { stream?: boolean };
    if (outage !== null) {
      calls.failed++;
      response.writeHead(outage, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message: 'The server is overloaded', type: 'server_error' } }));
      return;
    }
    if (!body.stream) {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(completion(tokens.join(''))));
      return;
    }
    calls.streamed++;
    await streamTokens(response);
  }

  async function streamTokens(response: ServerResponse): Promise<void> {
    const id = `chatcmpl-fake-${calls.streamed}`;
    let closed = false;
    response.once('close', () => {
      if (!response.writableFinished) {
        closed = true;
        noteAbandoned();
      }
    });
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    for (const token of tokens) {
      await delay(options.tokenIntervalMs);
      if (closed) return;
      response.write(`data: ${JSON.stringify(chunk(id, { content: token }, null))}\n\n`);
    }
    if (closed) return;
    response.write(`data: ${JSON.stringify(chunk(id, {}, 'stop'))}\n\n`);
    response.end('data: [DONE]\n\n');
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    get reply() {
      return tokens.join('');
    },
    replyWith: (reply) => {
      tokens = reply ?? options.tokens;
    },
    calls: () => ({ ...calls }),
    abandoned: (count) =>
      calls.abandoned >= count
        ? Promise.resolve()
        : new Promise<void>((resolve) => abandonWaiters.push({ count, resolve })),
    startOutage: (status) => {
      outage = status;
    },
    recover: () => {
      outage = null;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

function chunk(id: string, delta: { content?: string }, finishReason: 'stop' | null) {
  return {
    id,
    object: 'chat.completion.chunk',
    created: Math.floor(Date.now() / 1000),
    model: MODEL,
    choices: [{ index: 0, delta, finish_reason: finishReason }],
  };
}

function completion(content: string) {
  return {
    id: 'chatcmpl-fake',
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: MODEL,
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
  };
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    request.on('data', (part: Buffer) => parts.push(part));
    request.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
    request.on('error', reject);
  });
}

// A real wait: the fake stands in for a remote server whose pace the browser test watches.
const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
