import { and, eq } from 'drizzle-orm';
import type { AppDatabase } from '../../db/database';
import { matches } from '../../db/schema';
import { Problem } from '../../problem';
import { ownedBy, type Owner } from '../owner/owner';

export type MatchRow = typeof matches.$inferSelect;

/**
 * The owner's match `id`, or 404: another person's match is not found either, so ids reveal nothing
 * (docs/product.md#matches). `forUpdate` locks the row for the rest of the transaction, for writes that count
 * or order what hangs off the match (lines, facts, photos).
 */
export async function ownedMatch(
  db: AppDatabase,
  owner: Owner,
  id: number,
  { forUpdate = false }: { forUpdate?: boolean } = {},
): Promise<MatchRow> {
  const query = db
    .select()
    .from(matches)
    .where(and(eq(matches.id, id), ownedBy(owner, matches)));
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) throw Problem.detail(404, 'Not found.');
  return row;
}

/** Marks activity on a match: lists order by it, and a visitor's matches expire 30 days after it. */
export async function touchMatch(db: AppDatabase, id: number, at: Date): Promise<void> {
  await db.update(matches).set({ lastActivityAt: at }).where(eq(matches.id, id));
}
