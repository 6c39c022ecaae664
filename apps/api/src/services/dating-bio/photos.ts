import type { BioImage, PageOf } from '@wingmate/api-contract';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { UploadStorage } from '../../adapters/storage/ports';
import type { AppDatabase } from '../../db/database';
import { bioImages } from '../../db/schema';
import { Problem } from '../../problem';
import { deleteStoredKeys, storedKeysOf, storeImage } from '../images/image-pipeline';
import { pageOf, type PageRequest } from '../shared/pages';
import { ownedBy, type Owner } from '../owner/owner';

export type BioImageRow = typeof bioImages.$inferSelect;

/** Photos a user may keep for reviews: a dating profile shows at most 9. */
export const MAX_BIO_PHOTOS = 9;

function tooManyPhotos(): Problem {
  return Problem.field('image', `You can keep at most ${MAX_BIO_PHOTOS} photos; delete one first.`);
}

function ownerKey(owner: Owner): string {
  return owner.kind === 'account' ? `user:${owner.userId}` : `uid:${owner.uid}`;
}

function imageJson(row: BioImageRow): BioImage {
  return {
    id: row.id,
    image: row.url,
    width: row.width,
    height: row.height,
    variants: [
      ...row.widths.map(({ url, width, height }) => ({ url, width, height })),
      { url: row.url, width: row.width, height: row.height },
    ],
    created_at: row.createdAt.toISOString(),
  };
}

/** Bio photos: checked and re-encoded by the image pipeline (EXIF and GPS stripped), stored under random names. */
export class BioPhotos {
  constructor(
    private readonly db: AppDatabase,
    private readonly storage: UploadStorage,
  ) {}

  /**
   * Keeps at most `MAX_BIO_PHOTOS` per owner, also under concurrency: the count and the insert run in one
   * transaction holding a lock on the owner (an advisory lock, since a visitor has no row to lock), so parallel
   * uploads are counted one after another. The image work happens before, outside the lock.
   */
  async upload(owner: Owner, uid: string, bytes: Uint8Array | undefined): Promise<BioImage> {
    if (!bytes) throw Problem.field('image', 'No file was submitted.');
    // A quick refusal before any image work; the transaction below is what holds the cap.
    if ((await this.held(this.db, owner)) >= MAX_BIO_PHOTOS) throw tooManyPhotos();
    const stored = await storeImage(this.storage, bytes, 'bio');
    try {
      const row = await this.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`bio_images:${ownerKey(owner)}`}))`);
        if ((await this.held(tx, owner)) >= MAX_BIO_PHOTOS) throw tooManyPhotos();
        const [inserted] = await tx
          .insert(bioImages)
          .values({
            userId: owner.kind === 'account' ? owner.userId : null,
            uid,
            storageKey: stored.key,
            url: stored.url,
            width: stored.width,
            height: stored.height,
            widths: [...stored.widths],
          })
          .returning();
        return inserted!;
      });
      return imageJson(row);
    } catch (error) {
      await deleteStoredKeys(this.storage, storedKeysOf(stored.key, stored.widths)).catch(() => undefined);
      throw error;
    }
  }

  private async held(db: AppDatabase, owner: Owner): Promise<number> {
    const [held] = await db.select({ n: count() }).from(bioImages).where(ownedBy(owner, bioImages));
    return Number(held?.n ?? 0);
  }

  /** Oldest first. */
  async list(owner: Owner, page: PageRequest): Promise<PageOf<BioImage>> {
    const [total] = await this.db.select({ n: count() }).from(bioImages).where(ownedBy(owner, bioImages));
    const rows = await this.db
      .select()
      .from(bioImages)
      .where(ownedBy(owner, bioImages))
      .orderBy(asc(bioImages.id))
      .limit(page.size)
      .offset((page.number - 1) * page.size);
    return pageOf(page, Number(total?.n ?? 0), rows.map(imageJson));
  }

  /** All the owner's photos, oldest first: the set a review looks at. */
  current(owner: Owner): Promise<BioImageRow[]> {
    return this.db.select().from(bioImages).where(ownedBy(owner, bioImages)).orderBy(asc(bioImages.id));
  }

  /** Another owner's photo is 404. The stored copy goes too, every width of it. */
  async delete(owner: Owner, id: number): Promise<void> {
    const [row] = await this.db
      .delete(bioImages)
      .where(and(eq(bioImages.id, id), ownedBy(owner, bioImages)))
      .returning({ key: bioImages.storageKey, widths: bioImages.widths });
    if (!row) throw Problem.notFound();
    await deleteStoredKeys(this.storage, storedKeysOf(row.key, row.widths));
  }

  async bytesOf(row: BioImageRow): Promise<Uint8Array> {
    const stored = await this.storage.get(row.storageKey);
    if (!stored) throw new Error(`The stored copy of bio photo ${row.id} is missing`);
    return stored.bytes;
  }
}
