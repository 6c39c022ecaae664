import { MATCH_LIMITS } from '@wingmate/api-contract';
import type { Clock } from '@wingmate/runtime';
import { and, count, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { isAiError } from '../../adapters/ai/errors';
import type { AiModel } from '../../adapters/ai/ports';
import type { AppDatabase } from '../../db/database';
import { matches, matchMemoryFacts } from '../../db/schema';
import { PendingWork } from '../shared/pending-work';
import { coachingTurns, matchContextOf } from './coaching-context';

/** The transcript lines and the person's coaching messages the summariser reads: more than a reply, still bounded. */
const MEMORY_LINES = 100;
const MEMORY_MESSAGES = 20;

/**
 * Brings a match's memory up to date (docs/product.md#how-a-matchs-memory-works): the summariser reads the match
 * (its kept facts: pinned, or the person's), the newest lines and the person's newest coaching messages, and writes
 * the summary and its own facts. The model runs with no transaction open; then, in one transaction holding the
 * match's row, the summariser's unpinned facts are replaced and the summary is set. Pinned facts and the person's
 * are never touched. A model that fails or answers something unusable leaves the old memory (false); a match
 * deleted meanwhile too.
 */
export async function refreshMatchMemory(
  db: AppDatabase,
  ai: AiModel,
  matchId: number,
  clock: Clock,
  log?: Pick<FastifyBaseLogger, 'warn'>,
): Promise<boolean> {
  const [match] = await db.select().from(matches).where(eq(matches.id, matchId));
  if (!match) return false;
  const [context, history] = await Promise.all([
    matchContextOf(db, match, MEMORY_LINES),
    coachingTurns(db, matchId, MEMORY_MESSAGES, 'user'),
  ]);
  const kept = context.facts.filter((fact) => fact.pinned || fact.source === 'you');
  let memory;
  try {
    memory = await ai.summariseMatch({ match: { ...context, facts: kept }, history });
  } catch (error) {
    if (!isAiError(error)) throw error;
    log?.warn(
      { err: error, matchId },
      "the match's memory could not be brought up to date; the old one stays",
    );
    return false;
  }
  const now = new Date(clock.now());
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ id: matches.id })
      .from(matches)
      .where(eq(matches.id, matchId))
      .for('update');
    if (!locked) return false;
    const own = and(
      eq(matchMemoryFacts.matchId, matchId),
      eq(matchMemoryFacts.source, 'wingmate'),
      eq(matchMemoryFacts.pinned, false),
    );
    await tx.delete(matchMemoryFacts).where(own);
    const [left] = await tx
      .select({ n: count() })
      .from(matchMemoryFacts)
      .where(eq(matchMemoryFacts.matchId, matchId));
    const room = Math.max(0, MATCH_LIMITS.factsPerMatch - Number(left?.n ?? 0));
    const facts = memory.facts.slice(0, room);
    if (facts.length) {
      await tx.insert(matchMemoryFacts).values(
        facts.map((text) => ({
          matchId,
          text,
          source: 'wingmate' as const,
          createdAt: now,
          updatedAt: now,
        })),
      );
    }
    await tx
      .update(matches)
      .set({ summary: memory.summary, summaryUpdatedAt: now })
      .where(eq(matches.id, matchId));
    return true;
  });
}

/**
 * Refreshes run after the answer has gone, so a reply never waits for a second model call; `settled()` waits for
 * those running (tests, and a server closing). A match has at most one refresh running: one asked for meanwhile
 * runs once more after it, however many were asked for, so the newest read is always the last one written.
 */
export class MatchMemoryRefresher {
  private readonly work: PendingWork;
  /** The matches with a refresh running or about to start, and whether one more was asked for since it started. */
  private readonly refreshing = new Map<number, { again: boolean }>();

  constructor(
    private readonly db: AppDatabase,
    private readonly ai: AiModel,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {
    this.work = new PendingWork(log);
  }

  later(matchId: number): void {
    const running = this.refreshing.get(matchId);
    if (running) {
      running.again = true;
      return;
    }
    const state = { again: false };
    this.refreshing.set(matchId, state);
    this.work.later("a match's memory refresh", async () => {
      try {
        do {
          state.again = false;
          await refreshMatchMemory(this.db, this.ai, matchId, this.clock, this.log);
        } while (state.again);
      } finally {
        this.refreshing.delete(matchId);
        // Only a refresh that threw gets here with one still asked for: that one runs all the same.
        if (state.again) this.later(matchId);
      }
    });
  }

  settled(): Promise<void> {
    return this.work.settled();
  }
}
