import type {
  ConversionReceipt,
  FacebookEventBody,
  GoogleAdsConversionBody,
  PinterestEventBody,
  SnapchatEventBody,
  TiktokEventBody,
} from '@wingmate/api-contract';
import type { Clock } from '@wingmate/runtime';
import { and, eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { ConversionPlatformName } from '../../adapters/conversions/ports';
import type { ConversionPlatforms } from '../../adapters/conversions/select';
import type { AppDatabase } from '../../db/database';
import { conversionEvents } from '../../db/schema';
import { Problem } from '../../problem';
import { latestClickIds, platformClickIds } from './click-ids';
import {
  conversionEventNames,
  isConversionEventName,
  isServerOwnedEventName,
  serverOwnedEventNames,
  type ServerOwnedEventName,
} from '../../adapters/conversions/event-names';

type ConversionRow = typeof conversionEvents.$inferSelect;

export type PixelEventPost =
  | { readonly platform: 'facebook'; readonly body: FacebookEventBody }
  | { readonly platform: 'tiktok'; readonly body: TiktokEventBody }
  | { readonly platform: 'snapchat'; readonly body: SnapchatEventBody }
  | { readonly platform: 'pinterest'; readonly body: PinterestEventBody };

/** Who posted, as the request shows it: the platforms match on the browser's IP and user agent. */
export interface PostContext {
  readonly userId: number | null;
  readonly ip: string | undefined;
}

/** The prefix of every event id the server makes (docs/decisions.md#money-chat-uploads-and-ai-limits). */
export const SERVER_EVENT_ID_PREFIX = 'srv-';

/** A conversion the server saw happen (docs/decisions.md#attribution-and-ab). */
export interface ServerConversion {
  readonly userId: number;
  readonly uid?: string | null;
  readonly name: ServerOwnedEventName;
  /** In the currency's main unit (9.99), as the contract's `value`. */
  readonly value?: number;
  readonly currency?: string;
  /** The same id for the same happening (a payment intent id, say) makes recording it twice harmless. */
  readonly eventId?: string;
  readonly sourceUrl?: string;
  readonly userAgent?: string;
  readonly ip?: string;
}

/**
 * Stores conversions and queues each for forwarding once per (platform, event_id). A platform without keys gets
 * the row as `skipped` (stored only, the embedded default: docs/decisions.md#attribution-and-ab).
 */
export class Conversions {
  constructor(
    private readonly db: AppDatabase,
    private readonly platforms: ConversionPlatforms,
    private readonly clock: Clock,
    /** Google Ads conversion action ids of the server's own conversions, by name. */
    private readonly googleAdsActions: Readonly<Record<string, string>> = {},
  ) {}

  /** A Meta, TikTok, Snapchat or Pinterest event posted by the web app. */
  async recordPixelEvent(post: PixelEventPost, context: PostContext): Promise<ConversionReceipt> {
    const { body } = post;
    if (!isConversionEventName(body.event_name)) {
      throw Problem.field(
        'event_name',
        `"${body.event_name}" is not a known event. Known events: ${conversionEventNames.join(', ')}.`,
      );
    }
    if (isServerOwnedEventName(body.event_name)) throw serverOwned('event_name');
    const clickIds: Record<string, string | undefined> = { fbc: body.fbc };
    if (post.platform === 'tiktok') clickIds.ttclid = post.body.ttclid;
    if (post.platform === 'snapchat') clickIds.sccid = post.body.sccid;
    if (post.platform === 'pinterest') clickIds.epik = post.body.pinterestid;
    const row = await this.store({
      platform: post.platform,
      eventId: body.event_id,
      eventName: body.event_name,
      eventTime: new Date(body.event_time * 1000),
      source: 'client',
      uid: body.uid,
      userId: context.userId,
      valueCents: cents(body.value),
      currency: body.currency?.toUpperCase() ?? null,
      details: compact({
        ...clickIds,
        source_url: body.event_source_url,
        user_agent: body.client_user_agent,
        ip: context.ip,
      }),
    });
    return receipt(row);
  }

  /** A Google Ads click conversion posted by the web app; `conversion_id` is the conversion action's id. */
  async recordGoogleAdsConversion(
    body: GoogleAdsConversionBody,
    context: PostContext,
  ): Promise<ConversionReceipt> {
    if (this.isServerOwnedGoogleAdsConversion(body.conversion_id)) throw serverOwned('conversion_id');
    const row = await this.store({
      platform: 'google_ads',
      eventId: body.event_id,
      eventName: null,
      eventTime:
        body.event_time === undefined ? new Date(this.clock.now()) : new Date(body.event_time * 1000),
      source: 'client',
      uid: body.uid,
      userId: context.userId,
      valueCents: cents(body.value),
      currency: body.currency?.toUpperCase() ?? null,
      details: compact({
        conversion_action_id: body.conversion_id,
        gclid: body.gclid,
        gbraid: body.gbraid,
        wbraid: body.wbraid,
        ip: context.ip,
      }),
    });
    return receipt(row);
  }

  /**
   * Queues a server-seen conversion for each platform whose click id the user's (or visitor's) attribution holds;
   * answers the platforms queued or stored for.
   */
  async recordServerConversion(conversion: ServerConversion): Promise<ConversionPlatformName[]> {
    const clickIds = await latestClickIds(this.db, { userId: conversion.userId, uid: conversion.uid });
    // The server's ids have their own prefix, and a client's must be a UUID: a client cannot take them first.
    const eventId = `${SERVER_EVENT_ID_PREFIX}${conversion.eventId ?? randomUUID()}`;
    const recorded: ConversionPlatformName[] = [];
    for (const [platform, names] of Object.entries(platformClickIds) as [
      ConversionPlatformName,
      readonly string[],
    ][]) {
      if (!names.some((name) => clickIds[name as keyof typeof clickIds])) continue;
      const googleAction = platform === 'google_ads' ? this.googleAdsActions[conversion.name] : undefined;
      await this.store({
        platform,
        eventId,
        eventName: conversion.name,
        eventTime: new Date(this.clock.now()),
        source: 'server',
        uid: conversion.uid ?? null,
        userId: conversion.userId,
        valueCents: cents(conversion.value),
        currency: conversion.currency?.toUpperCase() ?? null,
        details: compact({
          conversion_action_id: googleAction,
          source_url: conversion.sourceUrl,
          user_agent: conversion.userAgent,
          ip: conversion.ip,
        }),
        // Google Ads needs a conversion action for each name; without one the row is kept, not sent.
        forwardable: platform !== 'google_ads' || googleAction !== undefined,
      });
      recorded.push(platform);
    }
    return recorded;
  }

  /** A server-owned conversion's name, or the Google Ads action the server records it under. */
  private isServerOwnedGoogleAdsConversion(conversionId: string): boolean {
    if (isServerOwnedEventName(conversionId)) return true;
    return serverOwnedEventNames.some((name) => this.googleAdsActions[name] === conversionId);
  }

  /** Inserts the row once; a second post of the same (platform, event_id) answers the first row. */
  private async store(
    values: Omit<typeof conversionEvents.$inferInsert, 'status' | 'nextAttemptAt'> & {
      forwardable?: boolean;
    },
  ): Promise<ConversionRow> {
    const { forwardable = true, ...row } = values;
    const platform = values.platform;
    const enabled = forwardable && this.platforms[platform] !== undefined;
    const [inserted] = await this.db
      .insert(conversionEvents)
      .values({ ...row, status: enabled ? 'pending' : 'skipped', nextAttemptAt: new Date(this.clock.now()) })
      .onConflictDoNothing({ target: [conversionEvents.platform, conversionEvents.eventId] })
      .returning();
    if (inserted) return inserted;
    const [existing] = await this.db
      .select()
      .from(conversionEvents)
      .where(and(eq(conversionEvents.platform, platform), eq(conversionEvents.eventId, values.eventId)));
    if (!existing) throw new Error('A conversion event conflicted but cannot be found');
    return existing;
  }
}

/** docs/decisions.md#client-conversions: the server reports these once, with its own event id. */
function serverOwned(field: string): Problem {
  return Problem.field(field, 'This conversion is recorded by the server; clients cannot post it.');
}

function receipt(row: ConversionRow): ConversionReceipt {
  return { id: row.id, event_id: row.eventId, status: row.status === 'skipped' ? 'stored' : 'queued' };
}

function cents(value: number | undefined): number | null {
  return value === undefined ? null : Math.round(value * 100);
}

/**
 * The details as stored (jsonb): empty ones dropped, and a lone surrogate made U+FFFD, which Postgres' jsonb
 * refuses as an escape but a text column gets anyway (UTF-8 has no lone surrogates).
 */
function compact(details: Record<string, string | undefined>): Record<string, string> {
  const kept = Object.entries(details).filter((entry): entry is [string, string] => Boolean(entry[1]));
  return Object.fromEntries(kept.map(([name, value]) => [name, value.replace(/\p{Cs}/gu, '\uFFFD')]));
}
