import type { Notice, PageOf } from '@wingmate/api-contract';
import { and, count, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AppDatabase } from '../../db/database';
import { noticeReads, notices } from '../../db/schema';
import { Problem } from '../../problem';
import { pageOf, type PageRequest } from '../shared/pages';

/** Who reads the notices: an account (its own and those for everyone), or a visitor (null: those for everyone). */
type Reader = number | null;

/** The notices a reader sees. */
function visibleTo(reader: Reader): SQL {
  return reader === null
    ? isNull(notices.userId)
    : (or(isNull(notices.userId), eq(notices.userId, reader)) as SQL);
}

/**
 * Whether the reader has read a notice: each person has their own read state, kept in `notice_reads` (a notice
 * for everyone read by one person stays unread for the others); a user's own notice may also carry `read_at`.
 * A visitor has read nothing.
 */
function readBy(reader: Reader): SQL<boolean> {
  if (reader === null) return sql<boolean>`false`;
  const ownRead = sql`(${notices.userId} is not null and ${notices.readAt} is not null)`;
  return sql<boolean>`(${ownRead} or exists (select 1 from ${noticeReads} where ${noticeReads.noticeId} = ${notices.id} and ${noticeReads.userId} = ${reader}))`;
}

/**
 * The reader's notices, newest first (the newest unread `banner` is the rebrand banner): an account's own and
 * those for everyone with its read state; a visitor's, those for everyone, unread (docs/decisions.md#calls).
 */
export async function listNotices(
  db: AppDatabase,
  reader: Reader,
  page: PageRequest,
): Promise<PageOf<Notice>> {
  const visible = visibleTo(reader);
  const [total] = await db.select({ n: count() }).from(notices).where(visible);
  const rows = await db
    .select({ notice: notices, read: readBy(reader) })
    .from(notices)
    .where(visible)
    .orderBy(desc(notices.createdAt), desc(notices.id))
    .limit(page.size)
    .offset((page.number - 1) * page.size);
  return pageOf(
    page,
    Number(total?.n ?? 0),
    rows.map(({ notice, read }) => noticeJson(notice, read)),
  );
}

/**
 * The rebrand banner as everyone sees it: the newest notice of kind `banner` for everyone, unread (null when there
 * is none). The production start puts it in the page itself, so the banner is part of the first paint.
 */
export async function newestBannerForEveryone(db: AppDatabase): Promise<Notice | null> {
  const [row] = await db
    .select()
    .from(notices)
    .where(and(isNull(notices.userId), eq(notices.kind, 'banner')))
    .orderBy(desc(notices.createdAt), desc(notices.id))
    .limit(1);
  return row ? noticeJson(row, false) : null;
}

/** Marks one of the user's notices, or one for everyone, read for that user (again is no error); 404 otherwise. */
export async function markNoticeRead(
  db: AppDatabase,
  userId: number,
  noticeId: number,
  now: Date,
): Promise<Notice> {
  const [notice] = await db
    .select()
    .from(notices)
    .where(and(eq(notices.id, noticeId), visibleTo(userId)));
  if (!notice) throw Problem.notFound();
  await db.insert(noticeReads).values({ noticeId, userId, readAt: now }).onConflictDoNothing();
  return noticeJson(notice, true);
}

function noticeJson(row: typeof notices.$inferSelect, read: boolean): Notice {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    created_at: row.createdAt.toISOString(),
    read,
  };
}
