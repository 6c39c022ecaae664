import { and, eq } from 'drizzle-orm';
import type { AppDatabase } from '../../db/database';
import { smsDailyNotices } from '../../db/schema';
import { smsPhoneHash } from './opt-outs';

export type DailyNoticeKind = (typeof smsDailyNotices.$inferInsert)['kind'];

/** The UTC day of a time, as the notices table keys it. */
function dayOf(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/**
 * Claims today's notice of this kind for the number: true when none went today, and the row written is the claim,
 * so two workers never both send it.
 */
export async function claimDailyNotice(
  db: AppDatabase,
  kind: DailyNoticeKind,
  e164: string,
  now: Date,
): Promise<boolean> {
  const claimed = await db
    .insert(smsDailyNotices)
    .values({ kind, phoneHash: smsPhoneHash(e164), day: dayOf(now), sentAt: now })
    .onConflictDoNothing()
    .returning({ day: smsDailyNotices.day });
  return claimed.length > 0;
}

/** Gives a claim back when its text could not be sent, so the retry sends it. */
export async function releaseDailyNotice(
  db: AppDatabase,
  kind: DailyNoticeKind,
  e164: string,
  now: Date,
): Promise<void> {
  await db
    .delete(smsDailyNotices)
    .where(
      and(
        eq(smsDailyNotices.kind, kind),
        eq(smsDailyNotices.phoneHash, smsPhoneHash(e164)),
        eq(smsDailyNotices.day, dayOf(now)),
      ),
    );
}
