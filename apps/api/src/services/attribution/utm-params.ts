import type { CreateUtmParamsBody, PageOf, UtmParams } from '@wingmate/api-contract';
import { count, desc, eq } from 'drizzle-orm';
import type { AppDatabase } from '../../db/database';
import { utmParams } from '../../db/schema';
import { pageOf, type PageRequest } from '../shared/pages';

type UtmParamsRow = typeof utmParams.$inferSelect;

/**
 * Keeps the tracking parameters a visitor arrived with (docs/product.md#tracking-parameters).
 * docs/decisions.md#tracking-packagestracking: `utm_*` values are lowercased; click ids stay verbatim, since ad
 * platforms reject altered ids.
 */
export async function createUtmParams(
  db: AppDatabase,
  body: CreateUtmParamsBody,
  userId: number | null,
): Promise<UtmParams> {
  const utm = (value: string | undefined) => (value === undefined ? null : value.trim().toLowerCase());
  const kept = (value: string | undefined) => value ?? null;
  const [row] = await db
    .insert(utmParams)
    .values({
      uid: body.uid,
      userId,
      ctime: new Date(body.ctime),
      deviceId: kept(body.device_id),
      utmSource: utm(body.utm_source),
      utmCampaign: utm(body.utm_campaign),
      utmContent: utm(body.utm_content),
      utmTerm: utm(body.utm_term),
      utmMedium: utm(body.utm_medium),
      fbclid: kept(body.fbclid),
      gclid: kept(body.gclid),
      blogsource: kept(body.blogsource),
      irclickid: kept(body.irclickid),
      ttclid: kept(body.ttclid),
      sccid: kept(body.sccid),
      gbraid: kept(body.gbraid),
      wbraid: kept(body.wbraid),
      pinterestid: kept(body.pinterestid),
      rdtCid: kept(body.rdt_cid),
    })
    .returning();
  if (!row) throw new Error('The stored tracking parameters were not returned');
  return utmParamsJson(row);
}

/** The user's stored parameters, newest first by ctime (docs/product.md#analytics-calls), one DRF page. */
export async function listUserUtmParams(
  db: AppDatabase,
  userId: number,
  page: PageRequest,
): Promise<PageOf<UtmParams>> {
  const [total] = await db.select({ value: count() }).from(utmParams).where(eq(utmParams.userId, userId));
  const rows = await db
    .select()
    .from(utmParams)
    .where(eq(utmParams.userId, userId))
    .orderBy(desc(utmParams.ctime), desc(utmParams.id))
    .limit(page.size)
    .offset((page.number - 1) * page.size);
  return pageOf(page, total?.value ?? 0, rows.map(utmParamsJson));
}

export function utmParamsJson(row: UtmParamsRow): UtmParams {
  return {
    id: row.id,
    uid: row.uid,
    ctime: row.ctime.toISOString(),
    device_id: row.deviceId,
    utm_source: row.utmSource,
    utm_campaign: row.utmCampaign,
    utm_content: row.utmContent,
    utm_term: row.utmTerm,
    utm_medium: row.utmMedium,
    fbclid: row.fbclid,
    gclid: row.gclid,
    blogsource: row.blogsource,
    irclickid: row.irclickid,
    ttclid: row.ttclid,
    sccid: row.sccid,
    gbraid: row.gbraid,
    wbraid: row.wbraid,
    pinterestid: row.pinterestid,
    rdt_cid: row.rdtCid,
    created_at: row.createdAt.toISOString(),
  };
}
