import { MATCH_LIMITS, type Match } from '@wingmate/api-contract';
import type { Clock } from '@wingmate/runtime';
import { and, count, eq, type SQL } from 'drizzle-orm';
import type { UploadStorage } from '../../adapters/storage/ports';
import type { AppDatabase } from '../../db/database';
import { matches, matchPhotos } from '../../db/schema';
import { Problem } from '../../problem';
import { deleteStoredKeys, storedKeysOf, storeImage } from '../images/image-pipeline';
import type { Owner } from '../owner/owner';
import { matchJson } from './match-json';
import { ownedMatch, touchMatch } from './owned-match';

/** The code of the 409 past the photos a match keeps (docs/product.md#matches). */
export const PHOTO_LIMIT_CODE = 'photo_limit';

function tooManyPhotos(): Problem {
  return Problem.detail(
    409,
    `A match keeps at most ${MATCH_LIMITS.photosPerMatch} photos; delete one first.`,
    PHOTO_LIMIT_CODE,
  );
}

/**
 * Every stored key (each width) of the photos of the matches `where` selects: read before the matches go, since
 * their rows cascade away with them and the files are deleted after the commit.
 */
export async function matchPhotoKeys(db: AppDatabase, where: SQL | undefined): Promise<string[]> {
  const rows = await db
    .select({ key: matchPhotos.storageKey, widths: matchPhotos.widths })
    .from(matchPhotos)
    .innerJoin(matches, eq(matches.id, matchPhotos.matchId))
    .where(where);
  return rows.flatMap((row) => storedKeysOf(row.key, row.widths));
}

/**
 * Profile photos of a match, stored as bio photos are (docs/product.md#matches): checked and re-encoded by the
 * image pipeline (EXIF and GPS stripped, the kept widths made), stored under random names.
 */
export class MatchPhotos {
  constructor(
    private readonly db: AppDatabase,
    private readonly storage: UploadStorage,
    private readonly clock: Clock,
  ) {}

  /**
   * The image work runs before the match's row is locked; the count and the insert run under the lock, so
   * parallel uploads cannot pass the limit. A refused or failed insert deletes the stored files again.
   */
  async upload(owner: Owner, matchId: number, bytes: Uint8Array | undefined): Promise<Match> {
    if (!bytes) throw Problem.field('image', 'No file was submitted.');
    // A quick refusal before any image work (and a 404 for another person's match); the transaction holds the cap.
    await ownedMatch(this.db, owner, matchId);
    if ((await this.held(this.db, matchId)) >= MATCH_LIMITS.photosPerMatch) throw tooManyPhotos();
    const stored = await storeImage(this.storage, bytes, 'matches');
    try {
      return await this.db.transaction(async (tx) => {
        await ownedMatch(tx, owner, matchId, { forUpdate: true });
        if ((await this.held(tx, matchId)) >= MATCH_LIMITS.photosPerMatch) throw tooManyPhotos();
        const now = new Date(this.clock.now());
        await tx.insert(matchPhotos).values({
          matchId,
          storageKey: stored.key,
          url: stored.url,
          width: stored.width,
          height: stored.height,
          widths: [...stored.widths],
          createdAt: now,
        });
        await touchMatch(tx, matchId, now);
        return matchJson(tx, await ownedMatch(tx, owner, matchId));
      });
    } catch (error) {
      await deleteStoredKeys(this.storage, storedKeysOf(stored.key, stored.widths)).catch(() => undefined);
      throw error;
    }
  }

  /** Another person's match or photo is 404. Every stored width of the photo goes after the commit. */
  async delete(owner: Owner, matchId: number, photoId: number): Promise<void> {
    const keys = await this.db.transaction(async (tx) => {
      await ownedMatch(tx, owner, matchId, { forUpdate: true });
      const [row] = await tx
        .delete(matchPhotos)
        .where(and(eq(matchPhotos.id, photoId), eq(matchPhotos.matchId, matchId)))
        .returning({ key: matchPhotos.storageKey, widths: matchPhotos.widths });
      if (!row) throw Problem.notFound();
      await touchMatch(tx, matchId, new Date(this.clock.now()));
      return storedKeysOf(row.key, row.widths);
    });
    await deleteStoredKeys(this.storage, keys);
  }

  private async held(db: AppDatabase, matchId: number): Promise<number> {
    const [held] = await db.select({ n: count() }).from(matchPhotos).where(eq(matchPhotos.matchId, matchId));
    return Number(held?.n ?? 0);
  }
}
