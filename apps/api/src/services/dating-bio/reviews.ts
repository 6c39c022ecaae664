import type { ImageReview, ImageReviewPage, ReviewFollowUp } from '@wingmate/api-contract';
import { asc, count, desc, eq, inArray } from 'drizzle-orm';
import { aiProblem, isAiError } from '../../adapters/ai/errors';
import type { AiModel, PhotoReviewResult } from '../../adapters/ai/ports';
import type { AppDatabase } from '../../db/database';
import { imageReviewFollowUps, imageReviews } from '../../db/schema';
import { Problem } from '../../problem';
import { pageOf, type PageRequest } from '../shared/pages';
import { ownedBy, type Owner } from '../owner/owner';
import type { AiGuard } from './bios';
import type { BioPhotos } from './photos';

const noGuard: AiGuard = () => Promise.resolve(undefined);

type ReviewRow = typeof imageReviews.$inferSelect;
type FollowUpRow = typeof imageReviewFollowUps.$inferSelect;

function followUpJson(row: FollowUpRow): ReviewFollowUp {
  return { question: row.question, answer: row.answer, created_at: row.createdAt.toISOString() };
}

/**
 * Photo reviews. `image_review/create/` is retried by the client, so it is idempotent: one review per set of
 * photos (the sorted ids, a unique key), asking again returns it; a changed set gets a new review.
 */
export class PhotoReviews {
  constructor(
    private readonly db: AppDatabase,
    private readonly ai: AiModel,
    private readonly photos: BioPhotos,
  ) {}

  async list(owner: Owner, page: PageRequest): Promise<ImageReviewPage> {
    const [total] = await this.db
      .select({ n: count() })
      .from(imageReviews)
      .where(ownedBy(owner, imageReviews));
    const rows = await this.db
      .select()
      .from(imageReviews)
      .where(ownedBy(owner, imageReviews))
      .orderBy(desc(imageReviews.id))
      .limit(page.size)
      .offset((page.number - 1) * page.size);
    return pageOf(page, Number(total?.n ?? 0), await this.json(rows));
  }

  /** `beforeAi` runs only when a new review is made (a repeat answers the stored one without the AI). */
  async review(owner: Owner, uid: string, beforeAi: AiGuard = noGuard): Promise<ImageReview> {
    const photos = await this.photos.current(owner);
    if (!photos.length) throw Problem.detail(400, 'Upload at least one photo to get a review.');
    const imageSet = photos.map((photo) => photo.id).join(',');
    const existing = await this.bySet(imageSet);
    if (existing) return existing;
    await beforeAi();

    let result: PhotoReviewResult;
    try {
      result = await this.ai.reviewPhotos(
        await Promise.all(
          photos.map(async (photo) => ({
            id: photo.id,
            bytes: await this.photos.bytesOf(photo),
            width: photo.width,
            height: photo.height,
          })),
        ),
      );
    } catch (error) {
      throw isAiError(error) ? aiProblem(error) : error;
    }
    // Two calls racing for the same set both get the review that was stored first.
    await this.db
      .insert(imageReviews)
      .values({
        userId: owner.kind === 'account' ? owner.userId : null,
        uid,
        imageSet,
        imageIds: photos.map((photo) => photo.id),
        score: Math.round(result.score),
        summary: result.summary,
        tips: [...result.tips],
        photos: result.photos.map((photo) => ({
          image: photo.id,
          score: Math.round(photo.score),
          tips: [...photo.tips],
        })),
        model: { name: result.model.name, offline: result.model.offline },
      })
      .onConflictDoNothing({ target: imageReviews.imageSet });
    const stored = await this.bySet(imageSet);
    if (!stored) throw new Error('The photo review was not stored');
    return stored;
  }

  /** A question about the owner's latest review; 404 when there is none. */
  async followUp(owner: Owner, question: string, beforeAi: AiGuard = noGuard): Promise<ReviewFollowUp> {
    const asked = question.trim();
    if (!asked) throw Problem.field('response_text', 'This field may not be blank.');
    const [latest] = await this.db
      .select()
      .from(imageReviews)
      .where(ownedBy(owner, imageReviews))
      .orderBy(desc(imageReviews.id))
      .limit(1);
    if (!latest) throw Problem.notFound('No photo review yet.');
    await beforeAi();
    let answer: string;
    try {
      answer = (
        await this.ai.followUp({
          review: {
            score: latest.score,
            summary: latest.summary,
            tips: latest.tips,
            photos: latest.photos.map((photo) => ({ id: photo.image, score: photo.score, tips: photo.tips })),
          },
          question: asked,
          seed: `${latest.id}:${asked}`,
        })
      ).body;
    } catch (error) {
      throw isAiError(error) ? aiProblem(error) : error;
    }
    const [row] = await this.db
      .insert(imageReviewFollowUps)
      .values({ reviewId: latest.id, question: asked, answer })
      .returning();
    return followUpJson(row!);
  }

  private async bySet(imageSet: string): Promise<ImageReview | undefined> {
    const rows = await this.db.select().from(imageReviews).where(eq(imageReviews.imageSet, imageSet));
    return (await this.json(rows))[0];
  }

  private async json(rows: ReviewRow[]): Promise<ImageReview[]> {
    const followUps = rows.length
      ? await this.db
          .select()
          .from(imageReviewFollowUps)
          .where(
            inArray(
              imageReviewFollowUps.reviewId,
              rows.map((row) => row.id),
            ),
          )
          .orderBy(asc(imageReviewFollowUps.id))
      : [];
    return rows.map((row) => ({
      id: row.id,
      images: row.imageIds,
      score: row.score,
      summary: row.summary,
      tips: row.tips,
      photos: row.photos,
      follow_ups: followUps.filter((followUp) => followUp.reviewId === row.id).map(followUpJson),
      created_at: row.createdAt.toISOString(),
      model: row.model,
    }));
  }
}
