import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './account';
import type { StoredImageWidth } from './images';
import { matches } from './matches';

// Chat (docs/product.md#chat-calls): services/chat/. Visitor rows carry `uid` until an account owns them (profile.ts).

/** One chat message, the user's or the AI's; `image_key` is the stored copy of a photo sent with it. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    uid: text('uid'),
    role: text('role', { enum: ['user', 'ai'] }).notNull(),
    body: text('body').notNull(),
    imageKey: text('image_key'),
    imageUrl: text('image_url'),
    /**
     * Every stored width of the photo, smallest first, the original (`image_key`) last; empty without a photo and
     * for photos sent before widths were kept (docs/decisions.md#screens).
     */
    imageWidths: jsonb('image_widths').$type<StoredImageWidth[]>().notNull().default([]),
    model: text('model'),
    /**
     * The match whose coaching chat this message is in (docs/product.md#matches); null in the main chat, whose
     * history and deletion never see a match's messages.
     */
    matchId: integer('match_id').references(() => matches.id, { onDelete: 'cascade' }),
    /** On a coaching reply: what it read (`MemoryUsed` of the contract). */
    used: jsonb('used').$type<Record<string, unknown>>(),
    /**
     * On a reply: a regenerate of it holds it until then, taken with that regenerate's message
     * (services/chat/replaced-exchange.ts); null when none runs.
     */
    regenerationClaimedUntil: timestamp('regeneration_claimed_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('chat_messages_user_idx').on(table.userId, table.id),
    index('chat_messages_uid_idx').on(table.uid, table.id),
    // Coaching chats' rows only: the main chat's (match_id null, nearly every row) in it led the planner, when the
    // table had grown since its last analyze, to scan them all for `match_id is null` beside the owner's index
    // (docs/performance.md#after-the-spend-in-one-statement).
    index('chat_messages_match_idx')
      .on(table.matchId, table.id)
      .where(sql`${table.matchId} is not null`),
  ],
);
