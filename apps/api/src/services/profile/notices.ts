import type { Notice, PageOf } from '@wingmate/api-contract';
import { count, desc, eq, isNull, or } from 'drizzle-orm';
import type { AppDatabase } from '../../db/database';
import { notices } from '../../db/schema';
import { pageOf, type PageRequest } from '../pages';

/** The user's notices and those for everyone, newest first (the newest unread `banner` is the rebrand banner). */
export async function listNotices(
  db: AppDatabase,
  userId: number,
  page: PageRequest,
): Promise<PageOf<Notice>> {
  const visible = or(isNull(notices.userId), eq(notices.userId, userId));
  const [total] = await db.select({ n: count() }).from(notices).where(visible);
  const rows = await db
    .select()
    .from(notices)
    .where(visible)
    .orderBy(desc(notices.createdAt), desc(notices.id))
    .limit(page.size)
    .offset((page.number - 1) * page.size);
  return pageOf(
    page,
    Number(total?.n ?? 0),
    rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      title: row.title,
      body: row.body,
      created_at: row.createdAt.toISOString(),
      read: row.readAt !== null,
    })),
  );
}
