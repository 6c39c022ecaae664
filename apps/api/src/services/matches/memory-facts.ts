import {
  MATCH_LIMITS,
  type CreateMemoryFactBody,
  type MemoryFact,
  type UpdateMemoryFactBody,
} from '@wingmate/api-contract';
import type { Clock } from '@wingmate/runtime';
import { and, count, eq } from 'drizzle-orm';
import type { AppDatabase } from '../../db/database';
import { matchMemoryFacts } from '../../db/schema';
import { Problem } from '../../problem';
import type { Owner } from '../owner/owner';
import { factJson } from './match-json';
import { ownedMatch, touchMatch } from './owned-match';

/**
 * The facts the wingmate remembers about a match that the person adds, edits, pins or forgets
 * (docs/product.md#how-a-match-memory-works). A fact the person adds or edits is theirs (`source: you`); the
 * summariser rewrites only its own (`wingmate`) facts that are not pinned.
 */
export class MemoryFacts {
  constructor(
    private readonly db: AppDatabase,
    private readonly clock: Clock,
  ) {}

  /** Counted under the match's row lock, so parallel additions cannot pass the limit. */
  async create(owner: Owner, matchId: number, body: CreateMemoryFactBody): Promise<MemoryFact> {
    return this.db.transaction(async (tx) => {
      await ownedMatch(tx, owner, matchId, { forUpdate: true });
      const [held] = await tx
        .select({ n: count() })
        .from(matchMemoryFacts)
        .where(eq(matchMemoryFacts.matchId, matchId));
      if (Number(held?.n ?? 0) >= MATCH_LIMITS.factsPerMatch) {
        throw Problem.field(
          'text',
          `The wingmate keeps at most ${MATCH_LIMITS.factsPerMatch} facts about a match; forget one first.`,
        );
      }
      const now = new Date(this.clock.now());
      const [row] = await tx
        .insert(matchMemoryFacts)
        .values({
          matchId,
          text: body.text,
          source: 'you',
          pinned: body.pinned ?? false,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await touchMatch(tx, matchId, now);
      return factJson(row!);
    });
  }

  /** Only the fields sent change; new text makes the fact the person's. */
  async update(
    owner: Owner,
    matchId: number,
    factId: number,
    body: UpdateMemoryFactBody,
  ): Promise<MemoryFact> {
    return this.db.transaction(async (tx) => {
      await ownedMatch(tx, owner, matchId, { forUpdate: true });
      const now = new Date(this.clock.now());
      const [row] = await tx
        .update(matchMemoryFacts)
        .set({
          text: body.text,
          source: body.text === undefined ? undefined : 'you',
          pinned: body.pinned,
          updatedAt: now,
        })
        .where(and(eq(matchMemoryFacts.id, factId), eq(matchMemoryFacts.matchId, matchId)))
        .returning();
      if (!row) throw Problem.notFound();
      await touchMatch(tx, matchId, now);
      return factJson(row);
    });
  }

  async delete(owner: Owner, matchId: number, factId: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      await ownedMatch(tx, owner, matchId, { forUpdate: true });
      const [row] = await tx
        .delete(matchMemoryFacts)
        .where(and(eq(matchMemoryFacts.id, factId), eq(matchMemoryFacts.matchId, matchId)))
        .returning({ id: matchMemoryFacts.id });
      if (!row) throw Problem.notFound();
      await touchMatch(tx, matchId, new Date(this.clock.now()));
    });
  }
}
