import { and, eq, isNull } from 'drizzle-orm';
import type { AppDatabase } from '../../db/database';
import { conversionEvents, utmParams } from '../../db/schema';
import { moveVisitorAbTests } from '../abtests/assignments';
import { visitorOwner } from '../owner/visitor-access';

/**
 * Called by every sign-up and sign-in that carries a uid, inside its transaction (data made by a uid moves to the
 * account: docs/decisions.md#attribution-and-ab). The visitor's tracking parameters and conversions are linked to the
 * account, and its A/B assignments move there, the account's own winning. A uid already linked to another account stays
 * with it.
 */
export async function linkVisitorToUser(
  tx: AppDatabase,
  uid: string | null | undefined,
  userId: number,
): Promise<void> {
  if (!uid) return;
  const owner = await visitorOwner(tx, uid);
  if (owner !== undefined && owner !== userId) return;
  await tx
    .update(utmParams)
    .set({ userId })
    .where(and(eq(utmParams.uid, uid), isNull(utmParams.userId)));
  await tx
    .update(conversionEvents)
    .set({ userId })
    .where(and(eq(conversionEvents.uid, uid), isNull(conversionEvents.userId)));
  await moveVisitorAbTests(tx, uid, userId);
}
