import type { Match, MatchDetail, MatchLine, MatchPhoto, MemoryFact } from '@wingmate/api-contract';
import { asc, count, eq, inArray } from 'drizzle-orm';
import type { AppDatabase } from '../../db/database';
import { matchLines, matchMemoryFacts, matchPhotos } from '../../db/schema';
import type { MatchRow } from './owned-match';

export type MatchPhotoRow = typeof matchPhotos.$inferSelect;
export type MatchLineRow = typeof matchLines.$inferSelect;
export type MemoryFactRow = typeof matchMemoryFacts.$inferSelect;

const iso = (date: Date) => date.toISOString();

export function photoJson(row: MatchPhotoRow): MatchPhoto {
  return {
    id: row.id,
    image: row.url,
    width: row.width,
    height: row.height,
    variants: [
      ...row.widths.map(({ url, width, height }) => ({ url, width, height })),
      { url: row.url, width: row.width, height: row.height },
    ],
  };
}

export function lineJson(row: MatchLineRow): MatchLine {
  return {
    id: row.id,
    side: row.side,
    text: row.text,
    position: row.position,
    import_id: row.importId,
    created_at: iso(row.createdAt),
  };
}

export function factJson(row: MemoryFactRow): MemoryFact {
  return {
    id: row.id,
    text: row.text,
    source: row.source,
    pinned: row.pinned,
    updated_at: iso(row.updatedAt),
  };
}

/**
 * The JSON of matches, with their photos (oldest first) and line counts read in two queries for all of them, so a
 * page of 20 costs three queries, not sixty.
 */
export async function matchesJson(db: AppDatabase, rows: readonly MatchRow[]): Promise<Match[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const photos = await db
    .select()
    .from(matchPhotos)
    .where(inArray(matchPhotos.matchId, ids))
    .orderBy(asc(matchPhotos.id));
  const counts = await db
    .select({ matchId: matchLines.matchId, n: count() })
    .from(matchLines)
    .where(inArray(matchLines.matchId, ids))
    .groupBy(matchLines.matchId);
  const lineCounts = new Map(counts.map((row) => [row.matchId, Number(row.n)]));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    where_met: row.whereMet,
    notes: row.notes,
    profile_text: row.profileText,
    photos: photos.filter((photo) => photo.matchId === row.id).map(photoJson),
    status: row.status,
    archived: row.archived,
    line_count: lineCounts.get(row.id) ?? 0,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
    last_activity_at: iso(row.lastActivityAt),
  }));
}

export async function matchJson(db: AppDatabase, row: MatchRow): Promise<Match> {
  const [json] = await matchesJson(db, [row]);
  return json!;
}

/** A match with its memory: the running summary and the facts, oldest first. */
export async function matchDetailJson(db: AppDatabase, row: MatchRow): Promise<MatchDetail> {
  const facts = await db
    .select()
    .from(matchMemoryFacts)
    .where(eq(matchMemoryFacts.matchId, row.id))
    .orderBy(asc(matchMemoryFacts.id));
  return {
    ...(await matchJson(db, row)),
    memory: {
      summary: row.summary,
      summary_updated_at: row.summaryUpdatedAt ? iso(row.summaryUpdatedAt) : null,
      facts: facts.map(factJson),
    },
  };
}
