import {
  MATCH_LIMITS,
  type AddMatchLinesBody,
  type MatchLine,
  type MatchLineList,
  type UpdateMatchLineBody,
} from '@wingmate/api-contract';
import type { Clock } from '@wingmate/runtime';
import { and, asc, count, eq, max } from 'drizzle-orm';
import type { AppDatabase } from '../../db/database';
import { matchImports, matchLines } from '../../db/schema';
import { Problem } from '../../problem';
import type { Owner } from '../owner/owner';
import { lineJson } from './match-json';
import { ownedMatch, touchMatch } from './owned-match';

/** The codes of the 409s of confirming a screenshot import (docs/product.md#screenshots-to-a-conversation). */
export const IMPORT_NOT_READY_CODE = 'import_not_ready';
export const IMPORT_CONFIRMED_CODE = 'import_confirmed';

/**
 * The transcript of the real conversation with a match (docs/product.md#matches): lines in order, oldest first.
 * Lines are appended under the match's row lock, so parallel additions neither interleave nor pass the limit;
 * a deleted line leaves a gap in the positions, and the others keep their order.
 */
export class MatchLines {
  constructor(
    private readonly db: AppDatabase,
    private readonly clock: Clock,
  ) {}

  async list(owner: Owner, matchId: number): Promise<MatchLineList> {
    await ownedMatch(this.db, owner, matchId);
    const rows = await this.db
      .select()
      .from(matchLines)
      .where(eq(matchLines.matchId, matchId))
      .orderBy(asc(matchLines.position), asc(matchLines.id));
    return { results: rows.map(lineJson) };
  }

  /**
   * Appends `lines` after the last one. With `import_id` they confirm that screenshot import: it must be this
   * match's and `ready`, and becomes `confirmed` in the same transaction, so its lines join once.
   */
  async add(owner: Owner, matchId: number, body: AddMatchLinesBody): Promise<MatchLineList> {
    return this.db.transaction(async (tx) => {
      await ownedMatch(tx, owner, matchId, { forUpdate: true });
      const now = new Date(this.clock.now());
      if (body.import_id !== undefined) await this.confirmImport(tx, matchId, body.import_id, now);
      const [held] = await tx
        .select({ n: count(), last: max(matchLines.position) })
        .from(matchLines)
        .where(eq(matchLines.matchId, matchId));
      const kept = Number(held?.n ?? 0);
      if (kept + body.lines.length > MATCH_LIMITS.linesPerMatch) {
        throw Problem.field(
          'lines',
          `A match's transcript keeps at most ${MATCH_LIMITS.linesPerMatch} lines; it has ${kept}, so at most ` +
            `${MATCH_LIMITS.linesPerMatch - kept} more can be added.`,
        );
      }
      const first = held?.last === null || held?.last === undefined ? 0 : held.last + 1;
      const rows = await tx
        .insert(matchLines)
        .values(
          body.lines.map((line, index) => ({
            matchId,
            side: line.side,
            text: line.text,
            position: first + index,
            importId: body.import_id ?? null,
            createdAt: now,
          })),
        )
        .returning();
      await touchMatch(tx, matchId, now);
      return { results: rows.sort((a, b) => a.position - b.position).map(lineJson) };
    });
  }

  private async confirmImport(tx: AppDatabase, matchId: number, importId: number, now: Date): Promise<void> {
    const [found] = await tx
      .select({ status: matchImports.status })
      .from(matchImports)
      .where(and(eq(matchImports.id, importId), eq(matchImports.matchId, matchId)))
      .for('update');
    if (!found) throw Problem.field('import_id', 'No such screenshot import of this match.');
    if (found.status === 'confirmed') {
      throw Problem.detail(
        409,
        'The lines of this screenshot import were added already.',
        IMPORT_CONFIRMED_CODE,
      );
    }
    if (found.status !== 'ready') {
      throw Problem.detail(
        409,
        'The screenshots of this import are not read yet; wait until they are.',
        IMPORT_NOT_READY_CODE,
      );
    }
    await tx
      .update(matchImports)
      .set({ status: 'confirmed', confirmedAt: now, updatedAt: now })
      .where(eq(matchImports.id, importId));
  }

  /** Corrects a line's text or flips its side; its place stays. */
  async update(owner: Owner, matchId: number, lineId: number, body: UpdateMatchLineBody): Promise<MatchLine> {
    return this.db.transaction(async (tx) => {
      await ownedMatch(tx, owner, matchId, { forUpdate: true });
      const [row] = await tx
        .update(matchLines)
        .set({ side: body.side, text: body.text })
        .where(and(eq(matchLines.id, lineId), eq(matchLines.matchId, matchId)))
        .returning();
      if (!row) throw Problem.notFound();
      await touchMatch(tx, matchId, new Date(this.clock.now()));
      return lineJson(row);
    });
  }

  async delete(owner: Owner, matchId: number, lineId: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      await ownedMatch(tx, owner, matchId, { forUpdate: true });
      const [row] = await tx
        .delete(matchLines)
        .where(and(eq(matchLines.id, lineId), eq(matchLines.matchId, matchId)))
        .returning({ id: matchLines.id });
      if (!row) throw Problem.notFound();
      await touchMatch(tx, matchId, new Date(this.clock.now()));
    });
  }
}
