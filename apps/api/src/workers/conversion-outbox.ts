import type { Clock } from '@wingmate/runtime';
import { and, asc, desc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type {
  ConversionPlatformName,
  DeliveryOutcome,
  OutgoingConversion,
} from '../adapters/conversions/ports';
import type { ConversionPlatforms } from '../adapters/conversions/select';
import type { AppDatabase } from '../db/database';
import { conversionEvents, users } from '../db/schema';
import { latestClickIds } from '../services/attribution/click-ids';
import { isConversionEventName } from '../adapters/conversions/event-names';

type ConversionRow = typeof conversionEvents.$inferSelect;

export interface ConversionOutboxOptions {
  readonly batchSize: number;
  readonly maxAttempts: number;
  /** The wait after the first failure; it doubles with each further one (capped at a day). */
  readonly retryBaseMs: number;
  /** How long one request may take; the lease on a claimed batch is derived from it. */
  readonly requestTimeoutMs: number;
  readonly clock: Clock;
  readonly log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

export interface OutboxRun {
  readonly sent: number;
  readonly retrying: number;
  readonly failed: number;
}

const MAX_BACKOFF_MS = 24 * 60 * 60 * 1000;

/**
 * Forwards pending conversions to their platforms (docs/decisions.md#attribution-and-ab): rows are claimed with
 * `FOR UPDATE SKIP LOCKED` under a lease (`locked_until`), so several API instances share the work and a row
 * claimed by an instance that died is claimed again once the lease runs out. Each platform's rows go one after
 * another, the platforms side by side, so one slow platform delays only its own rows.
 */
export class ConversionOutbox {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<OutboxRun> | undefined;
  private stopping = false;

  constructor(
    private readonly db: AppDatabase,
    private readonly platforms: ConversionPlatforms,
    private readonly options: ConversionOutboxOptions,
  ) {}

  /** Runs a batch every `intervalMs` (measured from the end of the last one) until `stop()`. */
  start(intervalMs: number): void {
    this.stopping = false;
    const tick = () => {
      this.timer = setTimeout(() => {
        this.running = this.runOnce().catch((error: unknown) => {
          this.options.log.error({ err: error }, 'conversion forwarding batch failed');
          return { sent: 0, retrying: 0, failed: 0 };
        });
        void this.running.finally(() => {
          this.running = undefined;
          if (!this.stopping) tick();
        });
      }, intervalMs);
    };
    tick();
  }

  /** Stops the timer and lets the request in flight finish; claimed rows not yet sent go back to pending. */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** Claims and forwards one batch of due rows. */
  async runOnce(): Promise<OutboxRun> {
    const claimed = await this.claim();
    const result = { sent: 0, retrying: 0, failed: 0 };
    const byPlatform = new Map<ConversionPlatformName, ConversionRow[]>();
    for (const row of claimed) byPlatform.set(row.platform, [...(byPlatform.get(row.platform) ?? []), row]);
    const unsent: number[] = [];
    await Promise.all(
      [...byPlatform].map(async ([platform, rows]) => {
        for (const row of rows) {
          if (this.stopping) {
            unsent.push(row.id);
            continue;
          }
          const outcome = await this.deliver(platform, row);
          result[await this.settle(row, outcome)]++;
        }
      }),
    );
    if (unsent.length > 0) await this.release(unsent);
    return result;
  }

  private enabledPlatforms(): ConversionPlatformName[] {
    return (Object.keys(this.platforms) as ConversionPlatformName[]).filter((name) => this.platforms[name]);
  }

  private async claim(): Promise<ConversionRow[]> {
    const platforms = this.enabledPlatforms();
    if (platforms.length === 0) return [];
    const now = new Date(this.options.clock.now());
    // Long enough for a whole batch of one platform to time out request by request.
    const leaseMs = this.options.requestTimeoutMs * (this.options.batchSize + 1) + 60_000;
    return this.db.transaction(async (tx) => {
      const due = await tx
        .select({ id: conversionEvents.id })
        .from(conversionEvents)
        .where(
          and(
            eq(conversionEvents.status, 'pending'),
            inArray(conversionEvents.platform, platforms),
            lte(conversionEvents.nextAttemptAt, now),
            or(isNull(conversionEvents.lockedUntil), lte(conversionEvents.lockedUntil, now)),
          ),
        )
        .orderBy(asc(conversionEvents.nextAttemptAt), asc(conversionEvents.id))
        .limit(this.options.batchSize)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      return tx
        .update(conversionEvents)
        .set({
          lockedUntil: new Date(now.getTime() + leaseMs),
          attempts: sql`${conversionEvents.attempts} + 1`,
        })
        .where(
          inArray(
            conversionEvents.id,
            due.map((row) => row.id),
          ),
        )
        .returning()
        .then((rows) => rows.sort((a, b) => a.id - b.id));
    });
  }

  private async deliver(platform: ConversionPlatformName, row: ConversionRow): Promise<DeliveryOutcome> {
    const adapter = this.platforms[platform];
    if (!adapter) return { ok: false, retryable: true, reason: 'platform no longer configured' };
    try {
      return await adapter.send(await this.outgoing(row));
    } catch (error) {
      return { ok: false, retryable: true, reason: `adapter error: ${(error as Error).message}` };
    }
  }

  /** The row as the platform needs it: the account's e-mail and phone, and click ids from its attribution. */
  private async outgoing(row: ConversionRow): Promise<OutgoingConversion> {
    const [user] = row.userId
      ? await this.db
          .select({ email: users.email, phone: users.phoneNumber })
          .from(users)
          .where(eq(users.id, row.userId))
      : [];
    const details = { ...(await this.browserContext(row)), ...row.details };
    const stored = await latestClickIds(this.db, { userId: row.userId, uid: row.uid });
    return {
      eventId: row.eventId,
      eventName: row.eventName && isConversionEventName(row.eventName) ? row.eventName : null,
      eventTime: row.eventTime,
      sourceUrl: details.source_url,
      userAgent: details.user_agent,
      ip: details.ip,
      valueCents: row.valueCents,
      currency: row.currency,
      // What the post carried wins over what the visitor's stored parameters say.
      clickIds: {
        fbc: details.fbc ?? stored.fbc,
        ttclid: details.ttclid ?? stored.ttclid,
        sccid: details.sccid ?? stored.sccid,
        epik: details.epik ?? stored.epik,
        ...(details.gclid || details.gbraid || details.wbraid
          ? { gclid: details.gclid, gbraid: details.gbraid, wbraid: details.wbraid }
          : { gclid: stored.gclid, gbraid: stored.gbraid, wbraid: stored.wbraid }),
      },
      conversionActionId: details.conversion_action_id,
      email: user?.email ?? undefined,
      phone: user?.phone ?? undefined,
      externalId: row.userId ? String(row.userId) : undefined,
    };
  }

  /**
   * A conversion the server saw has no browser; the platforms match website events on the page, user agent and
   * IP, so it borrows those of the person's newest event posted from the web app.
   */
  private async browserContext(row: ConversionRow): Promise<Record<string, string>> {
    if (row.source !== 'server') return {};
    const owner = [
      row.userId ? eq(conversionEvents.userId, row.userId) : undefined,
      row.uid ? eq(conversionEvents.uid, row.uid) : undefined,
    ].filter((condition) => condition !== undefined);
    if (owner.length === 0) return {};
    const [latest] = await this.db
      .select({ details: conversionEvents.details })
      .from(conversionEvents)
      .where(and(eq(conversionEvents.source, 'client'), or(...owner)))
      .orderBy(desc(conversionEvents.eventTime), desc(conversionEvents.id))
      .limit(1);
    const { source_url, user_agent, ip } = latest?.details ?? {};
    return Object.fromEntries(
      Object.entries({ source_url, user_agent, ip }).filter(([, value]) => value),
    ) as Record<string, string>;
  }

  private async settle(row: ConversionRow, outcome: DeliveryOutcome): Promise<keyof OutboxRun> {
    const now = this.options.clock.now();
    const context = {
      conversion: row.id,
      platform: row.platform,
      event_id: row.eventId,
      attempt: row.attempts,
    };
    if (outcome.ok) {
      await this.update(row.id, {
        status: 'sent',
        sentAt: new Date(now),
        lockedUntil: null,
        lastError: null,
      });
      this.options.log.info(context, 'conversion forwarded');
      return 'sent';
    }
    if (outcome.retryable && row.attempts < this.options.maxAttempts) {
      const delay = Math.min(this.options.retryBaseMs * 2 ** (row.attempts - 1), MAX_BACKOFF_MS);
      await this.update(row.id, {
        status: 'pending',
        nextAttemptAt: new Date(now + delay),
        lockedUntil: null,
        lastError: outcome.reason,
      });
      this.options.log.warn(
        { ...context, retry_in_ms: delay, reason: outcome.reason },
        'conversion not forwarded yet',
      );
      return 'retrying';
    }
    await this.update(row.id, { status: 'failed', lockedUntil: null, lastError: outcome.reason });
    this.options.log.error({ ...context, reason: outcome.reason }, 'conversion not forwarded; giving up');
    return 'failed';
  }

  /** Rows claimed but never tried go back as they were, the claim's attempt not counted. */
  private async release(ids: number[]): Promise<void> {
    await this.db
      .update(conversionEvents)
      .set({ lockedUntil: null, attempts: sql`${conversionEvents.attempts} - 1` })
      .where(inArray(conversionEvents.id, ids));
  }

  private async update(id: number, values: Partial<typeof conversionEvents.$inferInsert>): Promise<void> {
    await this.db.update(conversionEvents).set(values).where(eq(conversionEvents.id, id));
  }
}
