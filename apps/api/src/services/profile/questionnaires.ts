import type { PageOf, Questionnaire, QuestionnaireAnswer } from '@wingmate/api-contract';
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { AppDatabase } from '../../db/database';
import { questionnaireAnswers, questionnaireQuestions, questionnaires } from '../../db/schema';
import { Problem } from '../../problem';
import { pageOf, type PageRequest } from '../shared/pages';
import { ownedBy, ownerColumns, type Owner } from '../owner/owner';

type AnswerRow = typeof questionnaireAnswers.$inferSelect;
type AnswerItems = { question: number; text: string }[];

function answerJson(row: AnswerRow): QuestionnaireAnswer {
  return {
    id: row.id,
    questionnaire: row.questionnaireId,
    answers: row.answers,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function listQuestionnaires(db: AppDatabase, page: PageRequest): Promise<PageOf<Questionnaire>> {
  const [total] = await db.select({ n: count() }).from(questionnaires);
  const rows = await db
    .select()
    .from(questionnaires)
    .orderBy(asc(questionnaires.position), asc(questionnaires.id))
    .limit(page.size)
    .offset((page.number - 1) * page.size);
  const questions = rows.length
    ? await db
        .select()
        .from(questionnaireQuestions)
        .where(
          inArray(
            questionnaireQuestions.questionnaireId,
            rows.map((row) => row.id),
          ),
        )
        .orderBy(asc(questionnaireQuestions.position), asc(questionnaireQuestions.id))
    : [];
  return pageOf(
    page,
    Number(total?.n ?? 0),
    rows.map((row) => ({
      id: row.id,
      title: row.title,
      description: row.description,
      questions: questions
        .filter((question) => question.questionnaireId === row.id)
        .map((question) => ({
          id: question.id,
          text: question.text,
          kind: question.kind,
          choices: question.choices,
        })),
    })),
  );
}

/** The owner's current (newest) answers to a questionnaire; 404 when not answered yet. */
export async function getQuestionnaireAnswer(
  db: AppDatabase,
  owner: Owner,
  questionnaireId: number,
): Promise<QuestionnaireAnswer> {
  const [row] = await db
    .select()
    .from(questionnaireAnswers)
    .where(
      and(eq(questionnaireAnswers.questionnaireId, questionnaireId), ownedBy(owner, questionnaireAnswers)),
    )
    .orderBy(desc(questionnaireAnswers.id))
    .limit(1);
  if (!row) throw Problem.notFound();
  return answerJson(row);
}

export async function createQuestionnaireAnswer(
  db: AppDatabase,
  owner: Owner,
  questionnaireId: number,
  answers: readonly { question: number; text: string }[],
): Promise<QuestionnaireAnswer> {
  const items = await checkedAnswers(db, questionnaireId, answers);
  const [row] = await db
    .insert(questionnaireAnswers)
    .values({ questionnaireId, ...ownerColumns(owner), answers: items })
    .returning();
  return answerJson(row!);
}

export async function updateQuestionnaireAnswer(
  db: AppDatabase,
  owner: Owner,
  questionnaireId: number,
  answerId: number,
  answers: readonly { question: number; text: string }[],
): Promise<QuestionnaireAnswer> {
  const items = await checkedAnswers(db, questionnaireId, answers);
  const [row] = await db
    .update(questionnaireAnswers)
    .set({ answers: items, updatedAt: new Date() })
    .where(
      and(
        eq(questionnaireAnswers.id, answerId),
        eq(questionnaireAnswers.questionnaireId, questionnaireId),
        ownedBy(owner, questionnaireAnswers),
      ),
    )
    .returning();
  if (!row) throw Problem.notFound();
  return answerJson(row);
}

/** The questionnaire must exist (404) and every answer must be to one of its questions (400 on `answers`). */
async function checkedAnswers(
  db: AppDatabase,
  questionnaireId: number,
  answers: readonly { question: number; text: string }[],
): Promise<AnswerItems> {
  const [questionnaire] = await db
    .select({ id: questionnaires.id })
    .from(questionnaires)
    .where(eq(questionnaires.id, questionnaireId));
  if (!questionnaire) throw Problem.notFound();
  const questions = await db
    .select({
      id: questionnaireQuestions.id,
      kind: questionnaireQuestions.kind,
      choices: questionnaireQuestions.choices,
    })
    .from(questionnaireQuestions)
    .where(eq(questionnaireQuestions.questionnaireId, questionnaireId));
  const byId = new Map(questions.map((question) => [question.id, question]));
  const items = new Map<number, string>();
  for (const answer of answers) {
    const question = byId.get(answer.question);
    if (!question)
      throw Problem.field('answers', `Question ${answer.question} is not part of this questionnaire.`);
    const text = answer.text.trim();
    if (!text) throw Problem.field('answers', 'An answer may not be blank.');
    if (question.kind === 'choice' && !question.choices.includes(text)) {
      throw Problem.field('answers', `"${text}" is not one of the choices of question ${question.id}.`);
    }
    items.set(answer.question, text);
  }
  return [...items].map(([question, text]) => ({ question, text }));
}
