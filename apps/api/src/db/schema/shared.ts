import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

// Rows every domain uses: rate-limit counters and idempotency keys (docs/architecture.md#processes):
// services/shared/.

/** Fixed-window rate-limit counters, shared by every API instance (docs/architecture.md#processes). */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetsAt: timestamp('resets_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('rate_limit_counters_resets_at_idx').on(table.resetsAt)],
);

/**
 * Idempotency-Key of chat sends and payment calls (docs/decisions.md#money-chat-uploads-and-ai-limits): one row per
 * (caller, key) for 24 hours. `running` while the first request works (a lease, so a crash frees it), then `done` with
 * the answer that a repeat of the same request gets back.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** `user:<id>` or `uid:<uid>`. */
    caller: text('caller').notNull(),
    key: text('key').notNull(),
    operation: text('operation').notNull(),
    /** SHA-256 of the operation and the request body: the same key with another body is refused. */
    requestHash: text('request_hash').notNull(),
    state: text('state', { enum: ['running', 'done'] }).notNull(),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.caller, table.key] }),
    index('idempotency_keys_expires_at_idx').on(table.expiresAt),
  ],
);
