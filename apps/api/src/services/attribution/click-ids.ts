import { desc, eq, or } from 'drizzle-orm';
import type { ClickIdName } from '../../adapters/conversions/ports';
import type { AppDatabase } from '../../db/database';
import { utmParams } from '../../db/schema';

export type ClickIds = Partial<Record<ClickIdName, string>>;

/** How far back a visitor's stored parameters are searched for click ids. */
const RECENT_ROWS = 50;

/**
 * The newest click id of each kind in the attribution of a user and/or visitor uid. Meta's `fbc` is built from
 * the fbclid as Meta's pixel does: `fb.1.{time the click was read, ms}.{fbclid}`.
 */
export async function latestClickIds(
  db: AppDatabase,
  owner: { readonly userId?: number | null; readonly uid?: string | null },
): Promise<ClickIds> {
  const conditions = [
    owner.userId ? eq(utmParams.userId, owner.userId) : undefined,
    owner.uid ? eq(utmParams.uid, owner.uid) : undefined,
  ].filter((condition) => condition !== undefined);
  if (conditions.length === 0) return {};
  const rows = await db
    .select()
    .from(utmParams)
    .where(or(...conditions))
    .orderBy(desc(utmParams.ctime), desc(utmParams.id))
    .limit(RECENT_ROWS);
  const ids: ClickIds = {};
  for (const row of rows) {
    ids.fbc ??= row.fbclid ? `fb.1.${row.ctime.getTime()}.${row.fbclid}` : undefined;
    ids.ttclid ??= row.ttclid ?? undefined;
    ids.sccid ??= row.sccid ?? undefined;
    ids.epik ??= row.pinterestid ?? undefined;
    ids.gclid ??= row.gclid ?? undefined;
    ids.gbraid ??= row.gbraid ?? undefined;
    ids.wbraid ??= row.wbraid ?? undefined;
  }
  return Object.fromEntries(Object.entries(ids).filter(([, value]) => value));
}

/** The click ids that let each platform match a conversion to its ad. */
export const platformClickIds = {
  facebook: ['fbc'],
  tiktok: ['ttclid'],
  snapchat: ['sccid'],
  pinterest: ['epik'],
  google_ads: ['gclid', 'gbraid', 'wbraid'],
} as const satisfies Record<string, readonly ClickIdName[]>;
