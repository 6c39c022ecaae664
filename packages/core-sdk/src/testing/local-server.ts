import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ServerRequest {
  method: string;
  path: string;
  authorization: string | null;
  idempotencyKey: string | null;
  body: unknown;
  /** `Date.now()` when the request arrived: fake time when the test fakes timers. */
  at: number;
}

export type ServerHandler = (request: ServerRequest, response: ServerResponse) => void | Promise<void>;

/** JSON bodies parsed; others (multipart) kept as text. */
function parseBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** A real HTTP server on 127.0.0.1 and a free port, recording every request it gets. */
export async function startLocalServer(handler: ServerHandler) {
  const requests: ServerRequest[] = [];
  const server = createServer((incoming: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const request: ServerRequest = {
        method: incoming.method ?? 'GET',
        path: (incoming.url ?? '/').split('?')[0] ?? '/',
        authorization: incoming.headers.authorization ?? null,
        idempotencyKey: (incoming.headers['idempotency-key'] as string | undefined) ?? null,
        body: text ? parseBody(text) : null,
        at: Date.now(),
      };
      requests.push(request);
      void handler(request, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function sendJson(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'Content-Type': 'application/json' });
  response.end(JSON.stringify(body));
}

/**
 * Settles a promise that waits on real sockets and on fake timers: while a timer is pending, jump to it; else let
 * the event loop run the socket work. Fake time thus moves only by the delays the code itself asks for.
 */
export async function settleWithFakeTimers<T>(promise: Promise<T>): Promise<T> {
  let settled = false;
  const done = promise.finally(() => {
    settled = true;
  });
  done.catch(() => {});
  while (!settled) {
    if (jest.getTimerCount() > 0) await jest.advanceTimersToNextTimerAsync();
    else await new Promise((resolve) => setImmediate(resolve));
  }
  return promise;
}
