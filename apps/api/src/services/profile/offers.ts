import type { Offer, PageOf } from '@wingmate/api-contract';
import { asc, count, gt, isNull, or } from 'drizzle-orm';
import type { AppDatabase } from '../../db/database';
import { offers } from '../../db/schema';
import { pageOf, type PageRequest } from '../shared/pages';

/** The current offers: those with no end, or whose end is still ahead. */
export async function listOffers(db: AppDatabase, now: Date, page: PageRequest): Promise<PageOf<Offer>> {
  const current = or(isNull(offers.expiresAt), gt(offers.expiresAt, now));
  const [total] = await db.select({ n: count() }).from(offers).where(current);
  const rows = await db
    .select()
    .from(offers)
    .where(current)
    .orderBy(asc(offers.id))
    .limit(page.size)
    .offset((page.number - 1) * page.size);
  return pageOf(
    page,
    Number(total?.n ?? 0),
    rows.map((row) => ({
      id: row.id,
      title: row.title,
      description: row.description,
      plan_id: row.planId,
      discount: row.discount,
      expires_at: row.expiresAt?.toISOString() ?? null,
    })),
  );
}
