import type { PageOf, Roast, RoastIntensity } from '@wingmate/api-contract';
import { and, count, desc, eq } from 'drizzle-orm';
import { aiProblem, isAiError } from '../../adapters/ai/errors';
import type { AiModel, AiText, RoastRequest } from '../../adapters/ai/ports';
import type { AppDatabase } from '../../db/database';
import { bioImages, datingBios, imageReviews, roasts } from '../../db/schema';
import { Problem } from '../../problem';
import type { Metering } from '../metering/metering';
import { pageOf, type PageRequest } from '../shared/pages';

type RoastRow = typeof roasts.$inferSelect;

function roastJson(row: RoastRow): Roast {
  return {
    id: row.id,
    text: row.text,
    intensity: row.intensity,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function listRoasts(db: AppDatabase, userId: number, page: PageRequest): Promise<PageOf<Roast>> {
  const [total] = await db.select({ n: count() }).from(roasts).where(eq(roasts.userId, userId));
  const rows = await db
    .select()
    .from(roasts)
    .where(eq(roasts.userId, userId))
    .orderBy(desc(roasts.id))
    .limit(page.size)
    .offset((page.number - 1) * page.size);
  return pageOf(page, Number(total?.n ?? 0), rows.map(roastJson));
}

export async function createRoast(db: AppDatabase, userId: number, text: string): Promise<Roast> {
  const [row] = await db
    .insert(roasts)
    .values({ userId, text: checkedText(text) })
    .returning();
  return roastJson(row!);
}

export async function updateRoast(db: AppDatabase, userId: number, id: number, text: string): Promise<Roast> {
  const [row] = await db
    .update(roasts)
    .set({ text: checkedText(text), updatedAt: new Date() })
    .where(and(eq(roasts.id, id), eq(roasts.userId, userId)))
    .returning();
  if (!row) throw Problem.notFound();
  return roastJson(row);
}

function checkedText(text: string): string {
  const trimmed = text.trim();
  if (!trimmed) throw Problem.field('text', 'This field may not be blank.');
  return trimmed;
}

export interface RoastGeneration {
  readonly db: AppDatabase;
  readonly ai: AiModel;
  readonly metering: Metering;
}

export interface GenerateRoastInput {
  readonly userId: number;
  /** The caller's address, for the account's free messages (docs/product.md#messages-and-metering). */
  readonly ip: string;
  readonly intensity: RoastIntensity;
  /** Runs just before the message is spent: the hourly AI limit (throws 429). */
  readonly beforeAi: () => Promise<void>;
}

/**
 * A roast of the member's bio and photos at an intensity (docs/product.md#roasts), metered as a chat reply: one
 * message spent before the model is asked and given back when the model fails or the roast cannot be saved, so a
 * failure costs nothing and 402 saves nothing.
 */
export async function generateRoast(deps: RoastGeneration, input: GenerateRoastInput): Promise<Roast> {
  const { db, ai, metering } = deps;
  const material = await roastMaterialOf(db, input.userId);
  if (!material.bio && material.photos.count === 0) {
    throw Problem.field(
      'intensity',
      'There is nothing to roast yet: add a dating bio or photos on the Dating bio page first.',
    );
  }
  await input.beforeAi();
  const { debit } = await metering.spendMessage({ userId: input.userId, ip: input.ip });
  let written: AiText;
  try {
    written = await ai.roast({ ...material, intensity: input.intensity });
  } catch (error) {
    await metering.refundMessage(debit);
    throw isAiError(error) ? aiProblem(error) : error;
  }
  try {
    const [row] = await db
      .insert(roasts)
      .values({
        userId: input.userId,
        text: written.body,
        intensity: input.intensity,
        model: written.model.name,
      })
      .returning();
    return roastJson(row!);
  } catch (error) {
    await metering.refundMessage(debit);
    throw error;
  }
}

/**
 * What the member shared: the current bio's own text (not an AI version of it: the roast is of what they wrote),
 * how many photos, and the newest photo review's words. The seed moves on with each saved roast, so asking again
 * gives another one.
 */
async function roastMaterialOf(db: AppDatabase, userId: number): Promise<Omit<RoastRequest, 'intensity'>> {
  const [[bio], [photos], [review], [roasted]] = await Promise.all([
    db
      .select({ text: datingBios.text })
      .from(datingBios)
      .where(eq(datingBios.userId, userId))
      .orderBy(desc(datingBios.id))
      .limit(1),
    db.select({ n: count() }).from(bioImages).where(eq(bioImages.userId, userId)),
    db
      .select()
      .from(imageReviews)
      .where(eq(imageReviews.userId, userId))
      .orderBy(desc(imageReviews.id))
      .limit(1),
    db.select({ n: count() }).from(roasts).where(eq(roasts.userId, userId)),
  ]);
  const photoCount = Number(photos?.n ?? 0);
  return {
    ...(bio && { bio: bio.text }),
    photos: {
      count: photoCount,
      ...(review &&
        photoCount > 0 && {
          review: {
            summary: review.summary,
            tips: review.tips,
            photoTips: review.photos.map((photo) => photo.tips),
          },
        }),
    },
    seed: `${userId}:${Number(roasted?.n ?? 0)}`,
  };
}
