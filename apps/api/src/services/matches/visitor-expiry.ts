import { MATCH_LIMITS } from '@wingmate/api-contract';
import { and, asc, inArray, isNull, lt } from 'drizzle-orm';
import type { UploadStorage } from '../../adapters/storage/ports';
import type { AppDatabase } from '../../db/database';
import { matches } from '../../db/schema';
import { deleteStoredKeys } from '../images/image-pipeline';
import { matchPhotoKeys } from './match-photos';

const DAY_MS = 24 * 3600_000;
const BATCH_SIZE = 100;

/**
 * Deletes the visitors' matches (no account owns them) without activity for 30 days
 * (docs/product.md#matches), with everything under them, and then their photos' stored files. Claimed with
 * `FOR UPDATE SKIP LOCKED` a batch at a time, so instances running it at once never delete one match twice, and
 * a match being written to now is left for the next run (the write touches it anyway). Answers how many went.
 */
export async function expireVisitorMatches(
  db: AppDatabase,
  storage: UploadStorage,
  now: Date,
): Promise<number> {
  const cutoff = new Date(now.getTime() - MATCH_LIMITS.visitorMatchDays * DAY_MS);
  let expired = 0;
  for (;;) {
    const { ids, keys } = await db.transaction(async (tx) => {
      const due = await tx
        .select({ id: matches.id })
        .from(matches)
        .where(and(isNull(matches.userId), lt(matches.lastActivityAt, cutoff)))
        .orderBy(asc(matches.id))
        .limit(BATCH_SIZE)
        .for('update', { skipLocked: true });
      const dueIds = due.map((row) => row.id);
      if (dueIds.length === 0) return { ids: dueIds, keys: [] };
      const photoKeys = await matchPhotoKeys(tx, inArray(matches.id, dueIds));
      await tx.delete(matches).where(inArray(matches.id, dueIds));
      return { ids: dueIds, keys: photoKeys };
    });
    await deleteStoredKeys(storage, keys);
    expired += ids.length;
    if (ids.length < BATCH_SIZE) return expired;
  }
}
