import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './account';

// Profile: questions, answers, questionnaires, roasts, notices and feedback (docs/product.md#account-calls;
// docs/decisions.md#chat-bio-and-profile-appsapi): services/profile/. Rows a visitor makes carry its `uid` and no
// `user_id`; when the uid signs up or in, `user_id` is filled and the account owns them from then on
// (docs/decisions.md#chat-bio-and-profile-appsapi). The same holds for chat and dating-bio rows.

/** A profile question (seeded on first start). */
export const profileQuestions = pgTable('profile_questions', {
  id: serial('id').primaryKey(),
  text: text('text').notNull(),
  kind: text('kind', { enum: ['text', 'choice'] }).notNull(),
  choices: jsonb('choices').$type<string[]>().notNull().default([]),
  position: integer('position').notNull(),
});

/** A user's answer to a profile question: one a question, answering again replaces the text. */
export const profileAnswers = pgTable(
  'profile_answers',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    questionId: integer('question_id')
      .notNull()
      .references(() => profileQuestions.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('profile_answers_user_question_key').on(table.userId, table.questionId)],
);

export const questionnaires = pgTable('questionnaires', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  position: integer('position').notNull(),
});

export const questionnaireQuestions = pgTable(
  'questionnaire_questions',
  {
    id: serial('id').primaryKey(),
    questionnaireId: integer('questionnaire_id')
      .notNull()
      .references(() => questionnaires.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    kind: text('kind', { enum: ['text', 'choice'] }).notNull(),
    choices: jsonb('choices').$type<string[]>().notNull().default([]),
    position: integer('position').notNull(),
  },
  (table) => [index('questionnaire_questions_questionnaire_idx').on(table.questionnaireId, table.position)],
);

/** One filled questionnaire, by an account or a visitor uid; the newest one per questionnaire is current. */
export const questionnaireAnswers = pgTable(
  'questionnaire_answers',
  {
    id: serial('id').primaryKey(),
    questionnaireId: integer('questionnaire_id')
      .notNull()
      .references(() => questionnaires.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    uid: text('uid'),
    answers: jsonb('answers').$type<{ question: number; text: string }[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('questionnaire_answers_user_idx').on(table.userId, table.questionnaireId),
    index('questionnaire_answers_uid_idx').on(table.uid, table.questionnaireId),
  ],
);

export const roasts = pgTable(
  'roasts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    /** How hard a generated roast hits; null for a roast the person wrote and saved. */
    intensity: text('intensity', { enum: ['gentle', 'honest', 'brutal'] }),
    /** The model that wrote a generated roast. */
    model: text('model'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('roasts_user_idx').on(table.userId, table.id)],
);

/** Notices (`accounts/messages/`): `user_id` null = for everyone (the welcome and rebrand notices). */
export const notices = pgTable(
  'notices',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('notices_user_idx').on(table.userId, table.id)],
);

/**
 * Who has read a notice for everyone (`user_id` null in `notices`): each person has their own read state.
 * A user's own notices are marked here too, so one rule answers `read` for every notice.
 */
export const noticeReads = pgTable(
  'notice_reads',
  {
    noticeId: integer('notice_id')
      .notNull()
      .references(() => notices.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ name: 'notice_reads_pkey', columns: [table.userId, table.noticeId] }),
    index('notice_reads_notice_idx').on(table.noticeId),
  ],
);

export const feedback = pgTable('feedback', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  text: text('text').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
