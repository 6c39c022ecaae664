import type { Answer, PageOf, Question } from '@wingmate/api-contract';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/database';
import { profileAnswers, profileQuestions } from '../../db/schema';
import { Problem } from '../../problem';
import { pageOf, type PageRequest } from '../shared/pages';

type AnswerRow = typeof profileAnswers.$inferSelect;

export function answerJson(row: AnswerRow): Answer {
  return {
    id: row.id,
    question: row.questionId,
    text: row.text,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function listQuestions(db: AppDatabase, page: PageRequest): Promise<PageOf<Question>> {
  const [total] = await db.select({ n: count() }).from(profileQuestions);
  const rows = await db
    .select()
    .from(profileQuestions)
    .orderBy(asc(profileQuestions.position), asc(profileQuestions.id))
    .limit(page.size)
    .offset((page.number - 1) * page.size);
  return pageOf(
    page,
    Number(total?.n ?? 0),
    rows.map((row) => ({
      id: row.id,
      text: row.text,
      kind: row.kind,
      choices: row.choices,
      order: row.position,
    })),
  );
}

export async function listAnswers(
  db: AppDatabase,
  userId: number,
  page: PageRequest,
): Promise<PageOf<Answer>> {
  const [total] = await db
    .select({ n: count() })
    .from(profileAnswers)
    .where(eq(profileAnswers.userId, userId));
  const rows = await db
    .select({ answer: profileAnswers })
    .from(profileAnswers)
    .innerJoin(profileQuestions, eq(profileQuestions.id, profileAnswers.questionId))
    .where(eq(profileAnswers.userId, userId))
    .orderBy(asc(profileQuestions.position), asc(profileAnswers.id))
    .limit(page.size)
    .offset((page.number - 1) * page.size);
  return pageOf(
    page,
    Number(total?.n ?? 0),
    rows.map((row) => answerJson(row.answer)),
  );
}

/** One answer a question: answering again replaces the text (the row and its id stay). */
export async function createAnswers(
  db: AppDatabase,
  userId: number,
  answers: readonly { question: number; text: string }[],
): Promise<Answer[]> {
  const texts = new Map<number, string>();
  for (const answer of answers) texts.set(answer.question, checkedText(answer.text));
  const known = await db
    .select({ id: profileQuestions.id })
    .from(profileQuestions)
    .where(inArray(profileQuestions.id, [...texts.keys()]));
  const unknown = [...texts.keys()].filter((id) => !known.some((row) => row.id === id));
  if (unknown.length) throw Problem.field('question', `Unknown question: ${unknown.join(', ')}.`);
  const rows = await db
    .insert(profileAnswers)
    .values([...texts].map(([questionId, text]) => ({ userId, questionId, text })))
    .onConflictDoUpdate({
      target: [profileAnswers.userId, profileAnswers.questionId],
      set: { text: sql`excluded.text`, updatedAt: sql`now()` },
    })
    .returning();
  return rows.map(answerJson);
}

/**
 * Changes several answers at once, all or none; a problem is reported under `text` (docs/product.md#error-catalogue).
 */
export async function updateAnswers(
  db: AppDatabase,
  userId: number,
  answers: readonly { id: number; text: string }[],
): Promise<Answer[]> {
  return db.transaction(async (tx) => {
    const updated: Answer[] = [];
    for (const answer of answers) {
      const [row] = await tx
        .update(profileAnswers)
        .set({ text: checkedText(answer.text), updatedAt: new Date() })
        .where(and(eq(profileAnswers.id, answer.id), eq(profileAnswers.userId, userId)))
        .returning();
      if (!row) throw Problem.field('text', `Answer ${answer.id} was not found.`);
      updated.push(answerJson(row));
    }
    return updated;
  });
}

/** 404 for an answer that is not the user's (or is gone): the client counts that as deleted too. */
export async function deleteAnswer(db: AppDatabase, userId: number, id: number): Promise<void> {
  const deleted = await db
    .delete(profileAnswers)
    .where(and(eq(profileAnswers.id, id), eq(profileAnswers.userId, userId)))
    .returning({ id: profileAnswers.id });
  if (!deleted.length) throw Problem.notFound();
}

function checkedText(text: string): string {
  const trimmed = text.trim();
  if (!trimmed) throw Problem.field('text', 'This field may not be blank.');
  return trimmed;
}
