import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError } from 'openai';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { timerSleep } from '@wingmate/runtime';
import { isRetryableStatus } from '../http-retry';
import { AiProviderError, AiTimeoutError } from './errors';
import { OFFLINE_MODEL, type AiLog } from './offline/offline-model';
import { reviewPhotosFromPixels, summarise } from './offline/photo-review';
import { MEMORY_FACTS_MAX, SUMMARY_MAX } from './offline/match-memory';
import type {
  AiModel,
  MatchMemoryDraft,
  ModelInfo,
  SuggestedMessage,
  PhotoReviewResult,
  PhotoScore,
  ReplyChunk,
  ReplyTone,
  SuggestedReply,
} from './ports';
import {
  bioMessages,
  chatMessages,
  followUpMessages,
  matchMemoryMessages,
  photoReviewMessages,
  replySuggestionMessages,
  roastMessages,
} from './prompts';
import { suggestedInText } from './suggested-in-text';
import { truncate } from './text';

export interface OpenAiCompatibleOptions {
  /** Absent = OpenAI's own URL. */
  readonly baseUrl?: string;
  /** Absent for local servers (Ollama, llama.cpp) that need none. */
  readonly apiKey?: string;
  readonly model: string;
  readonly visionModel: string;
  readonly timeoutMs: number;
  readonly log?: AiLog;
  /** Tries in all for 429, 5xx and connection failures (a timeout is never retried: the user is waiting). */
  readonly attempts?: number;
  /** Waits between tries; tests pass one that records the delays. */
  readonly wait?: (ms: number) => Promise<void>;
}

/** Longest Retry-After honoured; a longer one fails the call instead of keeping the user waiting. */
const MAX_RETRY_AFTER_MS = 10_000;
const BASE_BACKOFF_MS = 500;

/**
 * Any OpenAI-compatible chat API (OpenAI, Ollama, vLLM, llama.cpp server) through the `openai` client pointed at
 * `baseUrl`. The client's own retries are off (`maxRetries: 0`): this adapter retries 429 and 5xx itself, honouring
 * Retry-After, so the policy is explicit and tested; failures become `AiProviderError` / `AiTimeoutError`.
 */
export function openAiCompatibleModel(options: OpenAiCompatibleOptions): AiModel {
  const client = new OpenAI({
    baseURL: options.baseUrl,
    apiKey: options.apiKey ?? 'no-key',
    // The whole call, retries and waits included, is bounded by one AbortSignal per call; the client's own
    // timeout is only a backstop.
    timeout: options.timeoutMs + 1000,
    maxRetries: 0,
  });
  const timedOut = (): Failure => ({ error: new AiTimeoutError(options.timeoutMs), retryable: false });
  const attempts = options.attempts ?? 3;
  const wait = options.wait ?? timerSleep;
  const info: ModelInfo = { name: options.model, offline: false };
  const vision: ModelInfo = { name: options.visionModel, offline: false };

  async function withRetries<T>(call: (signal: AbortSignal) => Promise<T>, signal: AbortSignal): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await call(signal);
      } catch (error) {
        const failure = signal.aborted ? timedOut() : classify(error, options.timeoutMs);
        if (!failure.retryable || attempt >= attempts) throw failure.error;
        const delay = failure.retryAfterMs ?? BASE_BACKOFF_MS * 2 ** (attempt - 1);
        options.log?.warn({ attempt, delay, error: failure.error.message }, 'AI: retrying the LLM call');
        await wait(delay);
      }
    }
  }

  async function complete(
    model: string,
    messages: ChatCompletionMessageParam[],
    json = false,
  ): Promise<string> {
    const completion = await withRetries(
      (signal) =>
        client.chat.completions.create(
          { model, messages, ...(json ? { response_format: { type: 'json_object' as const } } : {}) },
          { signal },
        ),
      AbortSignal.timeout(options.timeoutMs),
    );
    const text = completion.choices[0]?.message?.content?.trim();
    if (!text) throw new AiProviderError('The AI answered with no text');
    return text;
  }

  return {
    info,
    reply: async (request) => {
      const body = truncate(
        await complete(request.message.image ? options.visionModel : options.model, chatMessages(request)),
        8000,
      );
      return {
        body,
        model: request.message.image ? vision : info,
        suggestions: suggestedInText(body, request),
      };
    },
    streamReply: (request) =>
      streamCompletion(request.message.image ? vision : info, chatMessages(request), (body) =>
        suggestedInText(body, request),
      ),
    generateBio: async (request) => ({
      body: truncate(await complete(options.model, bioMessages(request)), 600),
      model: info,
    }),
    roast: async (request) => ({
      body: truncate(await complete(options.model, roastMessages(request)), 1500),
      model: info,
    }),
    reviewPhotos: async (photos) => {
      const text = await complete(options.visionModel, photoReviewMessages(photos), true);
      const review = parseReview(
        text,
        photos.map((photo) => photo.id),
      );
      if (review) return { ...review, model: vision };
      options.log?.warn(
        { model: options.visionModel },
        'AI: the vision model answered unusable JSON; using the pixel review',
      );
      return { ...(await reviewPhotosFromPixels(photos)), model: OFFLINE_MODEL };
    },
    followUp: async (request) => ({
      body: truncate(await complete(options.model, followUpMessages(request)), 2000),
      model: info,
    }),
    suggestReplies: async (request) => {
      const text = await complete(options.model, replySuggestionMessages(request), true);
      const replies = parseSuggestions(text, request.tones);
      if (!replies) throw new AiProviderError('The AI answered replies that are not the JSON asked for');
      return { replies, model: info };
    },
    summariseMatch: async (request) => {
      const memory = parseMatchMemory(await complete(options.model, matchMemoryMessages(request), true));
      if (!memory) throw new AiProviderError('The AI answered a memory that is not the JSON asked for');
      return memory;
    },
  };

  async function* streamCompletion(
    model: ModelInfo,
    messages: ChatCompletionMessageParam[],
    offeredIn: (body: string) => readonly SuggestedMessage[],
  ): AsyncIterable<ReplyChunk> {
    const signal = AbortSignal.timeout(options.timeoutMs);
    const stream = await withRetries(
      (abort) =>
        client.chat.completions.create({ model: model.name, messages, stream: true }, { signal: abort }),
      signal,
    );
    let body = '';
    try {
      for await (const chunk of stream) {
        const text = chunk.choices[0]?.delta?.content;
        if (text) {
          body += text;
          yield { type: 'delta', text };
        }
      }
    } catch (error) {
      throw (signal.aborted ? timedOut() : classify(error, options.timeoutMs)).error;
    }
    if (!body.trim()) throw new AiProviderError('The AI answered with no text');
    yield { type: 'done', body, model, suggestions: offeredIn(body) };
  }
}

interface Failure {
  readonly error: AiProviderError | AiTimeoutError;
  readonly retryable: boolean;
  readonly retryAfterMs?: number;
}

function classify(error: unknown, timeoutMs: number): Failure {
  if (error instanceof AiProviderError || error instanceof AiTimeoutError) return { error, retryable: false };
  if (isTimeout(error)) return { error: new AiTimeoutError(timeoutMs), retryable: false };
  if (error instanceof APIConnectionError) {
    return {
      error: new AiProviderError(`The AI could not be reached: ${error.message}`, undefined, error),
      retryable: true,
    };
  }
  if (error instanceof APIError && error.status !== undefined) {
    // The SDK types a caught APIError's status and headers as any.
    const status = error.status as number;
    const headers = error.headers as Headers | undefined;
    const retryable = isRetryableStatus(status);
    const retryAfter = Number(headers?.get('retry-after') ?? Number.NaN);
    const retryAfterMs = Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter * 1000 : undefined;
    if (retryAfterMs !== undefined && retryAfterMs > MAX_RETRY_AFTER_MS) {
      return {
        error: new AiProviderError(`The AI asked to wait ${retryAfter} s`, status, error),
        retryable: false,
      };
    }
    return {
      error: new AiProviderError(`The AI answered ${status}`, status, error),
      retryable,
      retryAfterMs,
    };
  }
  return {
    error: new AiProviderError(`The AI call failed: ${String(error)}`, undefined, error),
    retryable: false,
  };
}

/** The client's own timeout, however it surfaces (its timeout error, or the abort of its signal). */
function isTimeout(error: unknown): boolean {
  if (error instanceof APIConnectionTimeoutError) return true;
  const cause = (error as { cause?: { name?: string } } | undefined)?.cause;
  return (
    error instanceof APIConnectionError &&
    (/timed out/i.test(error.message) || cause?.name === 'TimeoutError')
  );
}

/** The vision model's JSON, checked: a score per photo we sent, scores 0..100, tips as strings; else undefined. */
export function parseReview(
  text: string,
  ids: readonly number[],
): Omit<PhotoReviewResult, 'model'> | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^```(?:json)?\s*|\s*```$/g, ''));
  } catch {
    return undefined;
  }
  if (!isRecord(value) || !Array.isArray(value.photos)) return undefined;
  const photos: PhotoScore[] = [];
  for (const id of ids) {
    const photo = (value.photos as unknown[]).find((p) => isRecord(p) && Number(p.id) === id);
    if (!isRecord(photo) || !isScore(photo.score)) return undefined;
    photos.push({ id, score: Math.round(photo.score), tips: strings(photo.tips) });
  }
  const base = summarise(photos);
  return {
    score: isScore(value.score) ? Math.round(value.score) : base.score,
    summary:
      typeof value.summary === 'string' && value.summary.trim()
        ? truncate(value.summary.trim(), 1000)
        : base.summary,
    tips: strings(value.tips).length ? strings(value.tips) : base.tips,
    photos,
  };
}

/** The model's replies, checked strictly: one non-empty text for each tone asked, in any order; else undefined. */
export function parseSuggestions(text: string, tones: readonly ReplyTone[]): SuggestedReply[] | undefined {
  const value = parseJson(text);
  if (!isRecord(value) || !Array.isArray(value.replies) || value.replies.length !== tones.length)
    return undefined;
  const entries = value.replies as unknown[];
  const replies: SuggestedReply[] = [];
  for (const tone of tones) {
    const entry = entries.find((e) => isRecord(e) && e.tone === tone);
    if (!isRecord(entry) || typeof entry.text !== 'string' || !entry.text.trim()) return undefined;
    replies.push({ tone, text: truncate(entry.text.trim(), 500) });
  }
  return replies;
}

/**
 * The model's memory, checked strictly: a string summary and a list of strings, within the summariser's bounds;
 * else undefined (the old memory stays).
 */
export function parseMatchMemory(text: string): MatchMemoryDraft | undefined {
  const value = parseJson(text);
  if (!isRecord(value) || typeof value.summary !== 'string' || !Array.isArray(value.facts)) return undefined;
  const facts = value.facts as unknown[];
  if (facts.length > MEMORY_FACTS_MAX || !facts.every((f) => typeof f === 'string' && f.trim()))
    return undefined;
  return {
    summary: truncate(value.summary.trim(), SUMMARY_MAX),
    facts: (facts as string[]).map((fact) => truncate(fact.trim(), 300)),
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text.replace(/^```(?:json)?\s*|\s*```$/g, ''));
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isScore(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 100;
}

function strings(value: unknown): string[] {
  return Array.isArray(value)
    ? value
        .filter((tip): tip is string => typeof tip === 'string' && tip.trim() !== '')
        .slice(0, 10)
        .map((tip) => truncate(tip, 400))
    : [];
}
