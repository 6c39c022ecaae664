import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './account';
import type { StoredImageWidth } from './images';

// Matches (docs/product.md#matches): services/matches/. A visitor's rows carry `uid` until an account owns them, as
// the chat and the dating bio do (profile.ts); everything under a match goes with it.

/** A person the member (or visitor) is talking to on a dating app. */
export const matches = pgTable(
  'matches',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    uid: text('uid'),
    name: text('name').notNull(),
    whereMet: text('where_met').notNull().default(''),
    notes: text('notes').notNull().default(''),
    profileText: text('profile_text').notNull().default(''),
    status: text('status', { enum: ['talking', 'date_planned', 'ended'] })
      .notNull()
      .default('talking'),
    archived: boolean('archived').notNull().default(false),
    /** The running summary of the thread (docs/product.md#how-a-matchs-memory-works). */
    summary: text('summary').notNull().default(''),
    summaryUpdatedAt: timestamp('summary_updated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Lists order by it; a visitor's matches expire 30 days after it. */
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('matches_user_idx').on(table.userId, table.lastActivityAt),
    index('matches_uid_idx').on(table.uid, table.lastActivityAt),
  ],
);

/** A profile photo of the match, stored as bio photos are (re-encoded, with its widths). */
export const matchPhotos = pgTable(
  'match_photos',
  {
    id: serial('id').primaryKey(),
    matchId: integer('match_id')
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    url: text('url').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    widths: jsonb('widths').$type<StoredImageWidth[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('match_photos_match_idx').on(table.matchId, table.id)],
);

/** A screenshot import: screenshots read one by one, then stitched into lines the person confirms. */
export const matchImports = pgTable(
  'match_imports',
  {
    id: serial('id').primaryKey(),
    matchId: integer('match_id')
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['open', 'reading', 'ready', 'failed', 'confirmed'] })
      .notNull()
      .default('open'),
    /** The stitched transcript once every screenshot is read, oldest line first. */
    lines: jsonb('lines').$type<{ side: 'me' | 'them'; text: string }[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (table) => [index('match_imports_match_idx').on(table.matchId, table.id)],
);

/**
 * One screenshot of an import and what was read from it; the image itself is never stored (it is read from
 * memory and dropped).
 */
export const matchImportScreenshots = pgTable(
  'match_import_screenshots',
  {
    id: serial('id').primaryKey(),
    importId: integer('import_id')
      .notNull()
      .references(() => matchImports.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['queued', 'reading', 'read', 'failed'] })
      .notNull()
      .default('queued'),
    progress: integer('progress').notNull().default(0),
    error: text('error'),
    /** The lines read, top to bottom, each with its side. */
    lines: jsonb('lines').$type<{ side: 'me' | 'them'; text: string }[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Each status or progress write: a screenshot queued or reading with no write for minutes was left by a process
     * that stopped (a reading one writes its progress every tenth).
     */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (table) => [index('match_import_screenshots_import_idx').on(table.importId, table.id)],
);

/** A line of the real conversation with the match. */
export const matchLines = pgTable(
  'match_lines',
  {
    id: serial('id').primaryKey(),
    matchId: integer('match_id')
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    side: text('side', { enum: ['me', 'them'] }).notNull(),
    text: text('text').notNull(),
    position: integer('position').notNull(),
    importId: integer('import_id').references(() => matchImports.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('match_lines_match_idx').on(table.matchId, table.position)],
);

/** A fact the wingmate remembers about a match: the summariser's (rewritten unless pinned) or the person's. */
export const matchMemoryFacts = pgTable(
  'match_memory_facts',
  {
    id: serial('id').primaryKey(),
    matchId: integer('match_id')
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    source: text('source', { enum: ['wingmate', 'you'] }).notNull(),
    pinned: boolean('pinned').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('match_memory_facts_match_idx').on(table.matchId, table.id)],
);
