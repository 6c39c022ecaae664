import type { UserExport } from '@wingmate/api-contract';
import { asc, eq, inArray } from 'drizzle-orm';
import type { AppDatabase } from '../../db/database';
import { chatMessages, matches, matchLines, matchMemoryFacts, matchPhotos } from '../../db/schema';

const iso = (date: Date) => date.toISOString();

/**
 * An account's matches for its export (docs/product.md#matches): each with its photos' URLs, its memory, its
 * transcript and its coaching chat, oldest first. Read inside the export's transaction.
 */
export async function exportMatches(tx: AppDatabase, userId: number): Promise<UserExport['matches']> {
  const rows = await tx.select().from(matches).where(eq(matches.userId, userId)).orderBy(asc(matches.id));
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const photos = await tx
    .select({ matchId: matchPhotos.matchId, url: matchPhotos.url })
    .from(matchPhotos)
    .where(inArray(matchPhotos.matchId, ids))
    .orderBy(asc(matchPhotos.id));
  const facts = await tx
    .select()
    .from(matchMemoryFacts)
    .where(inArray(matchMemoryFacts.matchId, ids))
    .orderBy(asc(matchMemoryFacts.id));
  const lines = await tx
    .select()
    .from(matchLines)
    .where(inArray(matchLines.matchId, ids))
    .orderBy(asc(matchLines.position), asc(matchLines.id));
  const coaching = await tx
    .select()
    .from(chatMessages)
    .where(inArray(chatMessages.matchId, ids))
    .orderBy(asc(chatMessages.id));
  return rows.map((row) => ({
    name: row.name,
    where_met: row.whereMet,
    notes: row.notes,
    profile_text: row.profileText,
    status: row.status,
    archived: row.archived,
    photos: photos.filter((photo) => photo.matchId === row.id).map((photo) => photo.url),
    memory: {
      summary: row.summary,
      facts: facts
        .filter((fact) => fact.matchId === row.id)
        .map((fact) => ({ text: fact.text, source: fact.source, pinned: fact.pinned })),
    },
    lines: lines
      .filter((line) => line.matchId === row.id)
      .map((line) => ({ side: line.side, text: line.text })),
    coaching_chat: coaching
      .filter((message) => message.matchId === row.id)
      .map((message) => ({ role: message.role, body: message.body, created_at: iso(message.createdAt) })),
    created_at: iso(row.createdAt),
    last_activity_at: iso(row.lastActivityAt),
  }));
}
