import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './account';
import type { StoredImageWidth } from './images';
import { suggestions } from './style';

// Dating bios, their photos and photo reviews (docs/product.md#account-calls;
// docs/decisions.md#chat-bio-and-profile-appsapi): services/dating-bio/.
// Visitor rows carry `uid` until an account owns them (profile.ts).

/** A dating bio as the user wrote it; the newest of an owner is the current one. */
export const datingBios = pgTable(
  'dating_bios',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    uid: text('uid').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('dating_bios_user_idx').on(table.userId, table.id),
    index('dating_bios_uid_idx').on(table.uid, table.id),
  ],
);

/** An AI version of a bio: `generate/` (tone) or `generate/create/` (instruction). */
export const datingBioVersions = pgTable(
  'dating_bio_versions',
  {
    id: serial('id').primaryKey(),
    bioId: integer('bio_id')
      .notNull()
      .references(() => datingBios.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    tone: text('tone'),
    instruction: text('instruction'),
    model: text('model').notNull(),
    /** The bio line it was offered as (docs/product.md#what-works-for-you); null for versions from before. */
    suggestionId: text('suggestion_id').references(() => suggestions.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('dating_bio_versions_bio_idx').on(table.bioId, table.id)],
);

export const bioImages = pgTable(
  'bio_images',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    uid: text('uid').notNull(),
    storageKey: text('storage_key').notNull(),
    url: text('url').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** The smaller widths kept for srcset, smallest first (docs/decisions.md#screens); empty for photos from before. */
    widths: jsonb('widths').$type<StoredImageWidth[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('bio_images_user_idx').on(table.userId, table.id),
    index('bio_images_uid_idx').on(table.uid, table.id),
  ],
);

/**
 * A review of one set of photos: `image_set` (the sorted image ids) is unique, so asking again for the same set
 * returns the stored review (`image_review/create/` is idempotent: docs/decisions.md#chat-bio-and-profile-appsapi).
 */
export const imageReviews = pgTable(
  'image_reviews',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    uid: text('uid').notNull(),
    imageSet: text('image_set').notNull(),
    imageIds: jsonb('image_ids').$type<number[]>().notNull(),
    score: integer('score').notNull(),
    summary: text('summary').notNull(),
    tips: jsonb('tips').$type<string[]>().notNull(),
    photos: jsonb('photos').$type<{ image: number; score: number; tips: string[] }[]>().notNull(),
    model: jsonb('model').$type<{ name: string; offline: boolean }>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('image_reviews_image_set_key').on(table.imageSet),
    index('image_reviews_user_idx').on(table.userId, table.id),
    index('image_reviews_uid_idx').on(table.uid, table.id),
  ],
);

export const imageReviewFollowUps = pgTable(
  'image_review_follow_ups',
  {
    id: serial('id').primaryKey(),
    reviewId: integer('review_id')
      .notNull()
      .references(() => imageReviews.id, { onDelete: 'cascade' }),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('image_review_follow_ups_review_idx').on(table.reviewId, table.id)],
);
