import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { ProfileAnswer, UserProfile } from '../../adapters/ai/ports';
import type { AppDatabase } from '../../db/database';
import {
  profileAnswers,
  profileQuestions,
  questionnaireAnswers,
  questionnaireQuestions,
  users,
} from '../../db/schema';
import { ownedBy, type Owner } from '../owner/owner';

/**
 * What the AI is told about the user (the offline engine too: docs/decisions.md#chat-bio-and-profile-appsapi):
 * the first name and profile answers of an account, and the current answers to each questionnaire.
 */
export async function userProfileOf(db: AppDatabase, owner: Owner): Promise<UserProfile> {
  let firstName: string | undefined;
  let answers: ProfileAnswer[] = [];
  if (owner.kind === 'account') {
    const [user] = await db
      .select({ firstName: users.firstName })
      .from(users)
      .where(eq(users.id, owner.userId));
    firstName = user?.firstName || undefined;
    answers = await db
      .select({ question: profileQuestions.text, text: profileAnswers.text })
      .from(profileAnswers)
      .innerJoin(profileQuestions, eq(profileQuestions.id, profileAnswers.questionId))
      .where(eq(profileAnswers.userId, owner.userId))
      .orderBy(asc(profileQuestions.position));
  }
  return { firstName, answers, questionnaire: await questionnaireAnswersOf(db, owner) };
}

async function questionnaireAnswersOf(db: AppDatabase, owner: Owner): Promise<ProfileAnswer[]> {
  const rows = await db
    .select()
    .from(questionnaireAnswers)
    .where(ownedBy(owner, questionnaireAnswers))
    .orderBy(desc(questionnaireAnswers.id))
    .limit(50);
  const current = new Map<number, (typeof rows)[number]>();
  for (const row of rows) if (!current.has(row.questionnaireId)) current.set(row.questionnaireId, row);
  const items = [...current.values()].flatMap((row) => row.answers);
  if (!items.length) return [];
  const questions = await db
    .select({ id: questionnaireQuestions.id, text: questionnaireQuestions.text })
    .from(questionnaireQuestions)
    .where(
      inArray(
        questionnaireQuestions.id,
        items.map((item) => item.question),
      ),
    );
  const textOf = new Map(questions.map((question) => [question.id, question.text]));
  return items.flatMap((item) => {
    const question = textOf.get(item.question);
    return question ? [{ question, text: item.text }] : [];
  });
}
