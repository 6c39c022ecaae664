import type { BioImage, PageOf } from '@wingmate/api-contract';
import { and, asc, count, eq } from 'drizzle-orm';
import type { UploadStorage } from '../../adapters/storage/ports';
import type { AppDatabase } from '../../db/database';
import { bioImages } from '../../db/schema';
import { Problem } from '../../problem';
import { storeImage } from '../images/image-pipeline';
import { pageOf, type PageRequest } from '../pages';
import { ownedBy, type Owner } from '../profile/owner';

export type BioImageRow = typeof bioImages.$inferSelect;

/** Photos a user may keep for reviews: a dating profile shows at most 9. */
export const MAX_BIO_PHOTOS = 9;

function imageJson(row: BioImageRow): BioImage {
  return {
    id: row.id,
    image: row.url,
    width: row.width,
    height: row.height,
    created_at: row.createdAt.toISOString(),
  };
}

/** Bio photos: checked and re-encoded by the image pipeline (EXIF and GPS stripped), stored under random names. */
export class BioPhotos {
  constructor(
    private readonly db: AppDatabase,
    private readonly storage: UploadStorage,
  ) {}

  async upload(owner: Owner, uid: string, bytes: Uint8Array | undefined): Promise<BioImage> {
    if (!bytes) throw Problem.field('image', 'No file was submitted.');
    const [held] = await this.db.select({ n: count() }).from(bioImages).where(ownedBy(owner, bioImages));
    if (Number(held?.n ?? 0) >= MAX_BIO_PHOTOS) {
      throw Problem.field('image', `You can keep at most ${MAX_BIO_PHOTOS} photos; delete one first.`);
    }
    const stored = await storeImage(this.storage, bytes, 'bio');
    try {
      const [row] = await this.db
        .insert(bioImages)
        .values({
          userId: owner.kind === 'account' ? owner.userId : null,
          uid,
          storageKey: stored.key,
          url: stored.url,
          width: stored.width,
          height: stored.height,
        })
        .returning();
      return imageJson(row!);
    } catch (error) {
      await this.storage.delete(stored.key).catch(() => undefined);
      throw error;
    }
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

  /** Another owner's photo is 404. The stored copy goes too. */
  async delete(owner: Owner, id: number): Promise<void> {
    const [row] = await this.db
      .delete(bioImages)
      .where(and(eq(bioImages.id, id), ownedBy(owner, bioImages)))
      .returning({ key: bioImages.storageKey });
    if (!row) throw Problem.notFound();
    await this.storage.delete(row.key);
  }

  async bytesOf(row: BioImageRow): Promise<Uint8Array> {
    const stored = await this.storage.get(row.storageKey);
    if (!stored) throw new Error(`The stored copy of bio photo ${row.id} is missing`);
    return stored.bytes;
  }
}
