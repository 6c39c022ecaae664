import type { HistoryMessage, ImageVariant, PageOf } from '@wingmate/api-contract';
import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { AppDatabase } from '../../db/database';
import { chatMessages } from '../../db/schema';
import { pageOf, type PageRequest } from '../shared/pages';
import { ownedBy, type Owner } from '../owner/owner';

export type ChatMessageRow = typeof chatMessages.$inferSelect;

export function historyMessageJson(row: ChatMessageRow): HistoryMessage {
  return {
    id: row.id,
    role: row.role,
    body: row.body,
    image: row.imageUrl,
    image_variants: imageVariantsOf(row),
    created_at: row.createdAt.toISOString(),
  };
}

/** The photo's stored widths for srcset, original last; empty without a photo or for one from before widths. */
export function imageVariantsOf(row: Pick<ChatMessageRow, 'imageWidths'>): ImageVariant[] {
  return row.imageWidths.map(({ url, width, height }) => ({ url, width, height }));
}

/**
 * The messages of one chat: the main chat (`matchId` undefined: no match's messages) or one match's coaching chat,
 * which never sees the main chat's (docs/product.md#how-a-matchs-memory-works).
 */
export function chatOf(owner: Owner, matchId?: number): SQL {
  return and(
    ownedBy(owner, chatMessages),
    matchId === undefined ? isNull(chatMessages.matchId) : eq(chatMessages.matchId, matchId),
  ) as SQL;
}

/** The chat history, 20 messages a page, newest first (docs/decisions.md#chat-bio-and-profile-appsapi). */
export async function chatHistory(
  db: AppDatabase,
  owner: Owner,
  page: PageRequest,
): Promise<PageOf<HistoryMessage>> {
  // The page and the count in one statement (docs/performance.md#mixed-traffic-the-profile-before-changes). A page
  // with no rows has no count, and needs none: it is the first page of an empty chat, or past the last (a 404).
  const rows = await db
    .select({ message: chatMessages, total: sql<string>`count(*) over ()` })
    .from(chatMessages)
    .where(chatOf(owner))
    .orderBy(desc(chatMessages.id))
    .limit(page.size)
    .offset((page.number - 1) * page.size);
  const total = Number(rows[0]?.total ?? 0);
  return pageOf(
    page,
    total,
    rows.map((row) => historyMessageJson(row.message)),
  );
}

/** The caller's newest two messages, newest first: a regenerate checks it replaces the newest exchange. */
export function newestMessages(db: AppDatabase, owner: Owner): Promise<ChatMessageRow[]> {
  return db.select().from(chatMessages).where(chatOf(owner)).orderBy(desc(chatMessages.id)).limit(2);
}
