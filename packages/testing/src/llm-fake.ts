import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { sendJson, startHttpFake, type FakeServer } from './http-fake';

/** One scripted answer of the fake, taken from the queue by the next request. */
export type LlmAnswer =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'json'; readonly value: unknown }
  | {
      readonly kind: 'status';
      readonly status: number;
      readonly retryAfter?: number;
      readonly message?: string;
    }
  /** Answers nothing, ever: the client's timeout must fire. */
  | { readonly kind: 'hang' };

export interface LlmRequest {
  readonly path: string;
  readonly authorization: string | undefined;
  readonly body: {
    readonly model?: string;
    readonly stream?: boolean;
    readonly messages?: readonly { role: string; content: unknown }[];
    readonly response_format?: unknown;
    readonly [key: string]: unknown;
  };
}

export interface FakeLlm extends FakeServer {
  /** The base URL to configure (`.../v1`). */
  readonly baseUrl: string;
  readonly apiKey: string;
  /** Every request received, in order, including refused ones. */
  readonly requests: LlmRequest[];
  /** Queues answers for the next requests; with the queue empty the fake answers "fake reply". */
  enqueue(...answers: LlmAnswer[]): void;
}

/**
 * An OpenAI-compatible chat-completions server (OpenAI, Ollama, vLLM and llama.cpp speak the same wire format):
 * `POST /v1/chat/completions` with bearer auth, a JSON `chat.completion`, or with `stream: true` a
 * `text/event-stream` of `chat.completion.chunk` lines ending with `data: [DONE]`.
 */
export async function startFakeLlm(): Promise<FakeLlm> {
  const apiKey = `sk-test-${randomBytes(12).toString('hex')}`;
  const requests: LlmRequest[] = [];
  const queue: LlmAnswer[] = [];

  const server = await startHttpFake((request, rawBody, response) => {
    let body: LlmRequest['body'] = {};
    try {
      body = rawBody ? (JSON.parse(rawBody) as LlmRequest['body']) : {};
    } catch {
      return sendJson(
        response,
        400,
        openAiError('We could not parse the JSON body of your request.', 'invalid_request_error'),
      );
    }
    requests.push({ path: request.url ?? '', authorization: request.headers.authorization, body });
    if (request.method !== 'POST' || request.url !== '/v1/chat/completions') {
      return sendJson(
        response,
        404,
        openAiError(`Unknown request URL: ${request.method} ${request.url}`, 'invalid_request_error'),
      );
    }
    if (request.headers.authorization !== `Bearer ${apiKey}`) {
      return sendJson(
        response,
        401,
        openAiError('Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key'),
      );
    }
    const answer = queue.shift() ?? { kind: 'text', text: 'fake reply' };
    if (answer.kind === 'hang') return;
    if (answer.kind === 'status') {
      if (answer.retryAfter !== undefined) response.setHeader('retry-after', String(answer.retryAfter));
      const type =
        answer.status === 429
          ? 'rate_limit_exceeded'
          : answer.status >= 500
            ? 'server_error'
            : 'invalid_request_error';
      return sendJson(
        response,
        answer.status,
        openAiError(answer.message ?? `Scripted ${answer.status}`, type),
      );
    }
    const text = answer.kind === 'json' ? JSON.stringify(answer.value) : answer.text;
    const model = body.model ?? 'fake-model';
    if (body.stream) return streamText(response, model, text);
    return sendJson(response, 200, {
      id: `chatcmpl-${randomBytes(8).toString('hex')}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model,
      choices: [
        { index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop', logprobs: null },
      ],
      usage: {
        prompt_tokens: 10,
        completion_tokens: text.split(/\s+/).length,
        total_tokens: 10 + text.split(/\s+/).length,
      },
    });
  });

  return {
    ...server,
    baseUrl: `${server.url}/v1`,
    apiKey,
    requests,
    enqueue: (...answers) => queue.push(...answers),
  };
}

function streamText(response: ServerResponse, model: string, text: string): void {
  const id = `chatcmpl-${randomBytes(8).toString('hex')}`;
  const created = Math.floor(Date.now() / 1000);
  const chunk = (delta: Record<string, string>, finish: string | null) =>
    `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
  response.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
  });
  response.write(chunk({ role: 'assistant', content: '' }, null));
  for (const piece of text.match(/\S+\s*/g) ?? []) response.write(chunk({ content: piece }, null));
  response.write(chunk({}, 'stop'));
  response.end('data: [DONE]\n\n');
}

function openAiError(message: string, type: string, code: string | null = null) {
  return { error: { message, type, param: null, code } };
}
