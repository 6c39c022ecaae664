import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './account';

// Attribution (docs/product.md#tracking-parameters; docs/decisions.md#attribution-and-ab): services/attribution/.

/** One set of tracking parameters a visitor arrived with; `user_id` is filled when the uid signs up or in. */
export const utmParams = pgTable(
  'utm_params',
  {
    id: serial('id').primaryKey(),
    uid: text('uid').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    ctime: timestamp('ctime', { withTimezone: true }).notNull(),
    deviceId: text('device_id'),
    utmSource: text('utm_source'),
    utmCampaign: text('utm_campaign'),
    utmContent: text('utm_content'),
    utmTerm: text('utm_term'),
    utmMedium: text('utm_medium'),
    fbclid: text('fbclid'),
    gclid: text('gclid'),
    blogsource: text('blogsource'),
    irclickid: text('irclickid'),
    ttclid: text('ttclid'),
    sccid: text('sccid'),
    gbraid: text('gbraid'),
    wbraid: text('wbraid'),
    pinterestid: text('pinterestid'),
    rdtCid: text('rdt_cid'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('utm_params_uid_idx').on(table.uid),
    index('utm_params_user_ctime_idx').on(table.userId, table.ctime),
  ],
);

/**
 * A conversion for one ad platform, and its delivery: the table is the forwarding outbox. Each (platform,
 * event_id) exists once, so it is forwarded once. `status`: pending (to send, retried with backoff), sent,
 * failed (refused, or out of attempts), skipped (no keys for the platform: stored only).
 */
export const conversionEvents = pgTable(
  'conversion_events',
  {
    id: serial('id').primaryKey(),
    platform: text('platform', {
      enum: ['facebook', 'tiktok', 'snapchat', 'pinterest', 'google_ads'],
    }).notNull(),
    eventId: text('event_id').notNull(),
    /** Our name (`CompleteRegistration`, ...); null for a Google Ads click conversion, which names its action. */
    eventName: text('event_name'),
    eventTime: timestamp('event_time', { withTimezone: true }).notNull(),
    /** `client`: posted by the web app; `server`: recorded by the server (sign-up, trial, payment). */
    source: text('source', { enum: ['client', 'server'] }).notNull(),
    uid: text('uid'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    valueCents: integer('value_cents'),
    currency: text('currency'),
    /** What the platform needs beyond the columns: click ids, page URL, user agent, IP, conversion action. */
    details: jsonb('details').$type<Record<string, string>>().notNull(),
    status: text('status', { enum: ['pending', 'sent', 'failed', 'skipped'] }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    /** A worker's lease on the row; a worker that dies leaves it to expire, and the row is claimed again. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('conversion_events_platform_event_id_key').on(table.platform, table.eventId),
    index('conversion_events_due_idx').on(table.status, table.nextAttemptAt),
    index('conversion_events_uid_idx').on(table.uid),
    index('conversion_events_user_idx').on(table.userId),
  ],
);
