import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AppDatabase } from '../../db/database';
import { smsOptOuts } from '../../db/schema';

/**
 * The key of a number in the opt-out and daily-notice tables: the SHA-256 of its E.164 form. Not keyed with a
 * server secret on purpose: an opt-out must outlive a rotated secret and the account's deletion
 * (docs/product.md#a-wingmate-by-text-message).
 */
export function smsPhoneHash(e164: string): string {
  return createHash('sha256').update(e164).digest('hex');
}

/** Whether the number texted STOP and has not texted START since. */
export async function isOptedOut(db: AppDatabase, e164: string): Promise<boolean> {
  const [row] = await db
    .select({ phoneHash: smsOptOuts.phoneHash })
    .from(smsOptOuts)
    .where(eq(smsOptOuts.phoneHash, smsPhoneHash(e164)));
  return row !== undefined;
}

/** Records a STOP: nothing more is texted to the number, whatever account it has or had. */
export async function optOut(db: AppDatabase, e164: string, now: Date): Promise<void> {
  await db
    .insert(smsOptOuts)
    .values({ phoneHash: smsPhoneHash(e164), optedOutAt: now })
    .onConflictDoNothing();
}

/** Records a START: the number may be texted again. */
export async function optIn(db: AppDatabase, e164: string): Promise<void> {
  await db.delete(smsOptOuts).where(eq(smsOptOuts.phoneHash, smsPhoneHash(e164)));
}
