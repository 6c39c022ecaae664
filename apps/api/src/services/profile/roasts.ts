import type { PageOf, Roast } from '@wingmate/api-contract';
import { and, count, desc, eq } from 'drizzle-orm';
import type { AppDatabase } from '../../db/database';
import { roasts } from '../../db/schema';
import { Problem } from '../../problem';
import { pageOf, type PageRequest } from '../shared/pages';

type RoastRow = typeof roasts.$inferSelect;

function roastJson(row: RoastRow): Roast {
  return {
    id: row.id,
    text: row.text,
    intensity: row.intensity,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function listRoasts(db: AppDatabase, userId: number, page: PageRequest): Promise<PageOf<Roast>> {
  const [total] = await db.select({ n: count() }).from(roasts).where(eq(roasts.userId, userId));
  const rows = await db
    .select()
    .from(roasts)
    .where(eq(roasts.userId, userId))
    .orderBy(desc(roasts.id))
    .limit(page.size)
    .offset((page.number - 1) * page.size);
  return pageOf(page, Number(total?.n ?? 0), rows.map(roastJson));
}

export async function createRoast(db: AppDatabase, userId: number, text: string): Promise<Roast> {
  const [row] = await db
    .insert(roasts)
    .values({ userId, text: checkedText(text) })
    .returning();
  return roastJson(row!);
}

export async function updateRoast(db: AppDatabase, userId: number, id: number, text: string): Promise<Roast> {
  const [row] = await db
    .update(roasts)
    .set({ text: checkedText(text), updatedAt: new Date() })
    .where(and(eq(roasts.id, id), eq(roasts.userId, userId)))
    .returning();
  if (!row) throw Problem.notFound();
  return roastJson(row);
}

function checkedText(text: string): string {
  const trimmed = text.trim();
  if (!trimmed) throw Problem.field('text', 'This field may not be blank.');
  return trimmed;
}
