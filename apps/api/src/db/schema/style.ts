import { sql } from 'drizzle-orm';
import {
  boolean,
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
import { matches } from './matches';

// Sounds like me and what works for you (docs/product.md#sounds-like-me): services/style/ and services/suggestions/.
// A visitor's rows carry `uid` until an account owns them, as the chat and matches do.

/** How the person texts: their own messages, and the profile learnt from them (or edited by them). */
export const styleProfiles = pgTable(
  'style_profiles',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    uid: text('uid'),
    /** The person's own messages, oldest first: what the profile was learnt from. */
    samples: jsonb('samples').$type<string[]>().notNull().default([]),
    /** The contract's `StyleProfile`, as learnt or as the person edited it. */
    profile: jsonb('profile').$type<Record<string, unknown>>().notNull(),
    /** The person changed the profile by hand since it was last learnt. */
    edited: boolean('edited').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('style_profiles_user_idx').on(table.userId),
    // A visitor's one profile; moved to an account on sign-up only when the account has none.
    uniqueIndex('style_profiles_visitor_idx')
      .on(table.uid)
      .where(sql`${table.userId} is null`),
  ],
);

/**
 * A suggested message offered to the person (an opener, a reply, a bio line): kept so it can be marked sent and
 * then replied to or not, and counted per person, kind and tone.
 */
export const suggestions = pgTable(
  'suggestions',
  {
    /** The contract's suggestion id (a UUID). */
    id: text('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    uid: text('uid'),
    kind: text('kind', { enum: ['opener', 'reply', 'bio_line'] }).notNull(),
    tone: text('tone').notNull(),
    text: text('text').notNull(),
    /** "Sounds like you", 0-100, against the person's style profile when it was offered; null without one. */
    score: integer('score'),
    matchId: integer('match_id').references(() => matches.id, { onDelete: 'cascade' }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    outcome: text('outcome', { enum: ['replied', 'no_reply', 'date_planned'] }),
    outcomeAt: timestamp('outcome_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('suggestions_user_idx').on(table.userId, table.kind, table.tone),
    index('suggestions_uid_idx').on(table.uid),
    index('suggestions_outcome_idx').on(table.kind, table.tone, table.outcome),
    index('suggestions_match_idx').on(table.matchId),
  ],
);

/**
 * Everyone's outcomes per kind and tone, kept by triggers on `suggestions` as its rows are sent, marked, changed or
 * deleted (migration 0023), so the prior of every tone order reads a few rows instead of every suggestion ever sent
 * (docs/performance.md#everyones-outcomes-kept-by-the-database).
 */
export const suggestionOutcomeTallies = pgTable(
  'suggestion_outcome_tallies',
  {
    kind: text('kind', { enum: ['opener', 'reply', 'bio_line'] }).notNull(),
    tone: text('tone').notNull(),
    sent: integer('sent').notNull().default(0),
    replied: integer('replied').notNull().default(0),
    datePlanned: integer('date_planned').notNull().default(0),
    noReply: integer('no_reply').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.kind, table.tone] })],
);
