import { and, eq, isNull } from 'drizzle-orm';
import type { AppDatabase } from '../../db/database';
import {
  bioImages,
  chatMessages,
  datingBios,
  imageReviews,
  matches,
  questionnaireAnswers,
  styleProfiles,
  suggestions,
} from '../../db/schema';
import { visitorOwner } from './visitor-access';

/**
 * docs/decisions.md#chat-bio-and-profile-appsapi: what a uid made before signing up or in (its chat history, dating
 * bios, photos, photo reviews, questionnaire answers, matches with everything under them and the suggestions it was
 * offered) moves to the account (a match's photos, transcript, memory and imports hang off the match; its coaching
 * chat is chat messages). Its texting style moves only to an account without one: the account's own wins
 * (docs/product.md#what-works-for-you). Called inside the sign-in's transaction; a uid linked to another account
 * keeps its data there.
 */
export async function moveVisitorData(tx: AppDatabase, uid: string, userId: number): Promise<void> {
  if ((await visitorOwner(tx, uid)) !== userId) return;
  const tables = [
    chatMessages,
    datingBios,
    bioImages,
    imageReviews,
    questionnaireAnswers,
    matches,
    suggestions,
  ];
  for (const table of tables) {
    await tx
      .update(table)
      .set({ userId })
      .where(and(eq(table.uid, uid), isNull(table.userId)));
  }
  await moveVisitorStyle(tx, uid, userId);
}

/** A person has one style: the visitor's becomes the account's when the account has none, else it is dropped. */
async function moveVisitorStyle(tx: AppDatabase, uid: string, userId: number): Promise<void> {
  const visitorStyle = and(eq(styleProfiles.uid, uid), isNull(styleProfiles.userId));
  const [own] = await tx
    .select({ id: styleProfiles.id })
    .from(styleProfiles)
    .where(eq(styleProfiles.userId, userId));
  if (own) await tx.delete(styleProfiles).where(visitorStyle);
  else await tx.update(styleProfiles).set({ userId }).where(visitorStyle);
}
