import type { Clock } from '@wingmate/runtime';
import { and, eq, lt, sql, type Placeholder } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import type { AppDatabase } from '../../db/database';
import { preparedPerDatabase } from '../../db/prepared-per-database';
import { idempotencyKeys } from '../../db/schema';
import { Problem } from '../../problem';

/** How long a key answers with its stored result (24 h: docs/decisions.md#money-chat-uploads-and-ai-limits). */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * How long a running request holds its key. Longer than any chat reply or payment call takes; a process that
 * dies mid-request lets the key go after this, so the client's retry runs it again.
 */
export const IDEMPOTENCY_LEASE_MS = 15 * 60 * 1000;
/** How often (in claims of one instance) keys past their 24 hours are swept away. */
const SWEEP_EVERY = 200;

/** The header every chat send, generated roast and payment call takes (lowercase, as Node sees it). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** A stored answer: the status and JSON body the first request got. */
export interface StoredAnswer {
  readonly status: number;
  readonly body: unknown;
}

/** What a request with a key may do: run (then `complete` or `release`), or answer what the first one got. */
export type IdempotencyClaim =
  | {
      readonly kind: 'run';
      /**
       * Keeps the answer for 24 hours: a repeat of this request gets it back. Given a transaction, it commits
       * with the work that transaction stores.
       */
      complete(answer: StoredAnswer, executor?: AppDatabase): Promise<void>;
      /** The request failed and changed nothing: the key is free again, so a retry runs anew. */
      release(): Promise<void>;
    }
  | { readonly kind: 'replay'; readonly answer: StoredAnswer };

export interface IdempotentCall {
  /** `user:<id>` or `uid:<uid>`: keys are per caller, so two callers never share one. */
  readonly caller: string;
  /** The contract's operation id. */
  readonly operation: string;
  /** What makes two requests the same one: the body (a form's fields and its files' hashes). */
  readonly request: unknown;
}

/**
 * `Idempotency-Key` of chat sends, generated roasts and payment calls
 * (docs/decisions.md#money-chat-uploads-and-ai-limits), kept in the database so every instance honours it. A
 * completed key answers its stored status and body and runs nothing; the same key while the first request still
 * runs is 409; the same key with another request is 422. Only successes are kept: a failed request changed nothing
 * (no charge, no reply), so its key is freed for the retry.
 */
export class IdempotencyKeys {
  private claims = 0;

  constructor(
    private readonly db: AppDatabase,
    private readonly clock: Clock,
  ) {}

  /** The request's key, or undefined when it sent none (then the call simply runs). */
  static keyOf(request: FastifyRequest): string | undefined {
    const value = request.headers[IDEMPOTENCY_HEADER];
    const key = Array.isArray(value) ? value[0] : value;
    return key === undefined || key === '' ? undefined : key;
  }

  async claim(key: string, call: IdempotentCall): Promise<IdempotencyClaim> {
    const requestHash = hashOf(call.operation, call.request);
    const where = and(eq(idempotencyKeys.caller, call.caller), eq(idempotencyKeys.key, key));
    // Two tries: a key freed (released or expired) between the insert and the read is taken on the second.
    for (let attempt = 0; attempt < 2; attempt++) {
      const now = this.clock.now();
      const nowText = new Date(now).toISOString();
      const values = {
        caller: call.caller,
        key,
        operation: call.operation,
        requestHash,
        state: 'running' as const,
        responseStatus: null,
        responseBody: null,
        lockedUntil: new Date(now + IDEMPOTENCY_LEASE_MS),
        expiresAt: new Date(now + IDEMPOTENCY_KEY_TTL_MS),
        createdAt: new Date(now),
      };
      const { caller: _caller, key: _key, ...takeOver } = values;
      // One statement: a new key, or one past its 24 hours, or a running one whose holder died, is ours.
      const [claimed] = await this.db
        .insert(idempotencyKeys)
        .values(values)
        .onConflictDoUpdate({
          target: [idempotencyKeys.caller, idempotencyKeys.key],
          set: takeOver,
          setWhere: sql`${idempotencyKeys.expiresAt} <= ${nowText}::timestamptz or (${idempotencyKeys.state} = 'running' and ${idempotencyKeys.lockedUntil} <= ${nowText}::timestamptz)`,
        })
        .returning({ key: idempotencyKeys.key });
      if (++this.claims % SWEEP_EVERY === 0) await this.sweep(now);
      if (claimed) return this.running(key, call.caller, requestHash);

      const [held] = await this.db.select().from(idempotencyKeys).where(where);
      if (!held) continue;
      if (held.requestHash !== requestHash) {
        throw Problem.detail(
          422,
          'This Idempotency-Key was already used with a different request; use a new key for a new request.',
        );
      }
      if (held.state === 'running') {
        throw Problem.detail(
          409,
          'A request with this Idempotency-Key is still being processed; try again in a moment.',
        );
      }
      return { kind: 'replay', answer: { status: held.responseStatus ?? 200, body: held.responseBody } };
    }
    throw Problem.detail(
      409,
      'A request with this Idempotency-Key is still being processed; try again in a moment.',
    );
  }

  private running(key: string, caller: string, requestHash: string): IdempotencyClaim {
    const mine = runningKey(caller, key, requestHash);
    return {
      kind: 'run',
      complete: async (answer, executor = this.db) => {
        await completeQueries(executor).execute({
          caller,
          key,
          requestHash,
          status: answer.status,
          body: answer.body === undefined || answer.body === null ? null : JSON.stringify(answer.body),
        });
      },
      release: async () => {
        await this.db.delete(idempotencyKeys).where(mine);
      },
    };
  }

  private async sweep(now: number): Promise<void> {
    await this.db.delete(idempotencyKeys).where(lt(idempotencyKeys.expiresAt, new Date(now)));
  }
}

/**
 * A running key's answer kept, built once per database: every keyed chat send and stream ends with it
 * (docs/performance.md#after-the-prompt-with-the-spend-streams-build-of-8f1b827).
 */
const completeQueries = preparedPerDatabase((db) =>
  db
    .update(idempotencyKeys)
    .set({
      state: 'done',
      responseStatus: sql`${sql.placeholder('status')}::integer`,
      // The body as JSON text: a placeholder in `set` is bound as given, not encoded by the column.
      responseBody: sql`${sql.placeholder('body')}::jsonb`,
    })
    .where(runningKey(sql.placeholder('caller'), sql.placeholder('key'), sql.placeholder('requestHash')))
    .prepare('idempotency_key_complete'),
);

/** The caller's key while the request that claimed it runs (given, or a prepared statement's placeholders). */
function runningKey(
  caller: string | Placeholder,
  key: string | Placeholder,
  requestHash: string | Placeholder,
) {
  return and(
    eq(idempotencyKeys.caller, caller),
    eq(idempotencyKeys.key, key),
    eq(idempotencyKeys.requestHash, requestHash),
    eq(idempotencyKeys.state, 'running'),
  );
}

/**
 * Runs a JSON call under its `Idempotency-Key` (if the request sent one) and answers: the work's status and body,
 * or the stored answer of the key's first request (with `Idempotent-Replayed: true`).
 */
export async function answerIdempotently(
  keys: IdempotencyKeys,
  request: FastifyRequest,
  reply: FastifyReply,
  call: IdempotentCall,
  work: () => Promise<StoredAnswer>,
): Promise<FastifyReply> {
  const key = IdempotencyKeys.keyOf(request);
  if (key === undefined) {
    const answer = await work();
    return reply.code(answer.status).send(answer.body);
  }
  const claim = await keys.claim(key, call);
  if (claim.kind === 'replay') {
    return reply.code(claim.answer.status).header('idempotent-replayed', 'true').send(claim.answer.body);
  }
  let answer: StoredAnswer;
  try {
    answer = await work();
  } catch (error) {
    await claim
      .release()
      .catch((releaseError: unknown) =>
        request.log.error({ err: releaseError }, 'could not free an idempotency key'),
      );
    throw error;
  }
  await claim.complete(answer);
  return reply.code(answer.status).send(answer.body);
}

/** SHA-256 of the operation and the request, keys sorted, so the same request always hashes the same. */
function hashOf(operation: string, request: unknown): string {
  return createHash('sha256')
    .update(operation)
    .update('\n')
    .update(stableJson(request ?? null))
    .digest('hex');
}

function stableJson(value: unknown): string {
  if (Buffer.isBuffer(value) || value instanceof Uint8Array) {
    return JSON.stringify(createHash('sha256').update(value).digest('hex'));
  }
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([name, item]) => `${JSON.stringify(name)}:${stableJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
