import type { UserExport } from '@wingmate/api-contract';
import { asc, eq, inArray } from 'drizzle-orm';
import type { AppDatabase } from '../../db/database';
import { chatMessages, matches, matchLines, matchMemoryFacts, matchPhotos } from '../../db/schema';

const iso = (date: Date) => date.toISOString();

/** Rows grouped by their match, each group in the rows' order: one pass, however many matches there are. */
function byMatch<T extends { matchId: number | null }>(rows: readonly T[]): Map<number | null, T[]> {
  const groups = new Map<number | null, T[]>();
  for (const row of rows) {
    const group = groups.get(row.matchId);
    if (group) group.push(row);
    else groups.set(row.matchId, [row]);
  }
  return groups;
}

/**
 * An account's matches for its export (docs/product.md#matches): each with its photos' URLs, its memory, its
 * transcript and its coaching chat, oldest first. Read inside the export's transaction.
 */
export async function exportMatches(tx: AppDatabase, userId: number): Promise<UserExport['matches']> {
  const rows = await tx.select().from(matches).where(eq(matches.userId, userId)).orderBy(asc(matches.id));
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const photos = byMatch(
    await tx
      .select({ matchId: matchPhotos.matchId, url: matchPhotos.url })
      .from(matchPhotos)
      .where(inArray(matchPhotos.matchId, ids))
      .orderBy(asc(matchPhotos.id)),
  );
  const facts = byMatch(
    await tx
      .select()
      .from(matchMemoryFacts)
      .where(inArray(matchMemoryFacts.matchId, ids))
      .orderBy(asc(matchMemoryFacts.id)),
  );
  const lines = byMatch(
    await tx
      .select()
      .from(matchLines)
      .where(inArray(matchLines.matchId, ids))
      .orderBy(asc(matchLines.position), asc(matchLines.id)),
  );
  const coaching = byMatch(
    await tx
      .select()
      .from(chatMessages)
      .where(inArray(chatMessages.matchId, ids))
      .orderBy(asc(chatMessages.id)),
  );
  return rows.map((row) => ({
    name: row.name,
    where_met: row.whereMet,
    notes: row.notes,
    profile_text: row.profileText,
    status: row.status,
    archived: row.archived,
    photos: (photos.get(row.id) ?? []).map((photo) => photo.url),
    memory: {
      summary: row.summary,
      facts: (facts.get(row.id) ?? []).map((fact) => ({
        text: fact.text,
        source: fact.source,
        pinned: fact.pinned,
      })),
    },
    lines: (lines.get(row.id) ?? []).map((line) => ({ side: line.side, text: line.text })),
    coaching_chat: (coaching.get(row.id) ?? []).map((message) => ({
      role: message.role,
      body: message.body,
      created_at: iso(message.createdAt),
    })),
    created_at: iso(row.createdAt),
    last_activity_at: iso(row.lastActivityAt),
  }));
}
