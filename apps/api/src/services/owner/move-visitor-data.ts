import { and, eq, isNull } from 'drizzle-orm';
import type { AppDatabase } from '../../db/database';
import {
  bioImages,
  chatMessages,
  datingBios,
  imageReviews,
  matches,
  questionnaireAnswers,
} from '../../db/schema';
import { visitorOwner } from './visitor-access';

/**
 * docs/decisions.md#chat-bio-and-profile-appsapi: what a uid made before signing up or in (its chat history, dating
 * bios, photos, photo reviews, questionnaire answers and matches with everything under them) moves to the
 * account (a match's photos, transcript, memory and imports hang off the match; its coaching chat is chat
 * messages). Called inside the sign-in's transaction; a uid linked to another account keeps its data there.
 */
export async function moveVisitorData(tx: AppDatabase, uid: string, userId: number): Promise<void> {
  if ((await visitorOwner(tx, uid)) !== userId) return;
  for (const table of [chatMessages, datingBios, bioImages, imageReviews, questionnaireAnswers, matches]) {
    await tx
      .update(table)
      .set({ userId })
      .where(and(eq(table.uid, uid), isNull(table.userId)));
  }
}
