import type { HistoryMessage, ImageVariant, PageOf } from '@wingmate/api-contract';
import { and, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppDatabase } from '../../db/database';
import { chatMessages } from '../../db/schema';
import { pageOf, type PageRequest } from '../shared/pages';
import { preparedPerDatabase } from '../../db/prepared-per-database';
import { ownedBy, ownedByPlaceholder, ownerPlaceholder, type Owner } from '../owner/owner';

export type ChatMessageRow = typeof chatMessages.$inferSelect;

/** The columns a history message is answered from. */
export type HistoryMessageRow = Pick<
  ChatMessageRow,
  'id' | 'role' | 'body' | 'imageUrl' | 'imageWidths' | 'createdAt'
>;

export function historyMessageJson(row: HistoryMessageRow): HistoryMessage {
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
  const rows = await historyPageQueries(db)[owner.kind].execute({
    owner: ownerPlaceholder(owner),
    limit: page.size,
    offset: (page.number - 1) * page.size,
  });
  const total = Number(rows[0]?.total ?? 0);
  return pageOf(page, total, rows.map(historyMessageJson));
}

/**
 * The page and the count in one prepared statement for each kind of owner, of the columns answered only
 * (docs/performance.md#after-the-spend-in-one-statement). A page with no rows has no count, and needs none: it is
 * the first page of an empty chat, or past the last (a 404). The count is a subquery that counts the chat's rows
 * without copying them: a window count (`count(*) over ()`) kept every message of the chat, bodies and all, to
 * answer twenty (docs/performance.md#a-history-page-whatever-the-chats-length).
 */
const historyPageQueries = preparedPerDatabase((db) => ({
  account: historyPageQuery(db, 'account'),
  visitor: historyPageQuery(db, 'visitor'),
}));

function historyPageQuery(db: AppDatabase, kind: Owner['kind']) {
  const counted = alias(chatMessages, 'counted');
  const total = db
    .select({ total: count() })
    .from(counted)
    .where(and(ownedByPlaceholder(kind, counted), isNull(counted.matchId)));
  return db
    .select({
      id: chatMessages.id,
      role: chatMessages.role,
      body: chatMessages.body,
      imageUrl: chatMessages.imageUrl,
      imageWidths: chatMessages.imageWidths,
      createdAt: chatMessages.createdAt,
      total: sql<number>`(${total})`.mapWith(Number),
    })
    .from(chatMessages)
    .where(and(ownedByPlaceholder(kind, chatMessages), isNull(chatMessages.matchId)))
    .orderBy(desc(chatMessages.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(`chat_history_${kind}`);
}

/** The caller's newest two messages, newest first: a regenerate checks it replaces the newest exchange. */
export function newestMessages(db: AppDatabase, owner: Owner): Promise<ChatMessageRow[]> {
  return db.select().from(chatMessages).where(chatOf(owner)).orderBy(desc(chatMessages.id)).limit(2);
}
