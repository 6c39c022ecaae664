import type { Clock } from '@wingmate/runtime';
import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDatabase } from '../db/database';
import { smsInboundMessages } from '../db/schema';
import type { SmsInboundRow, SmsOutcome } from '../services/sms/inbound';
import { IDEMPOTENCY_LEASE_MS } from '../services/shared/idempotency-keys';
import { SerialJob } from './serial-job';

/** Tries of one text; after the last, a failing model gets one "try again" text and the text is `failed`. */
export const SMS_MAX_ATTEMPTS = 4;
/** The wait before the second try; it doubles after each further failure. */
export const SMS_RETRY_BASE_MS = 30_000;
/**
 * A worker holds a text this long. Longer than the lease of the reply's idempotency key, so a text taken over
 * after a process died finds its key free again rather than still held by the dead process.
 */
export const SMS_LEASE_MS = IDEMPOTENCY_LEASE_MS + 60_000;
const BATCH_SIZE = 20;

export interface SmsHandler {
  handle(row: SmsInboundRow, context: { lastAttempt: boolean }): Promise<SmsOutcome>;
}

/**
 * Handles the stored inbound texts (docs/product.md#a-wingmate-by-text-message): the webhook kicks it after each new
 * text and the interval polls. A text is claimed with `FOR UPDATE SKIP LOCKED` by stamping `claimed_until`, so two
 * instances never handle one text at once and a text whose worker died is taken over after the lease; a failure
 * sets `claimed_until` to the time of the next try. Runs in one process follow one another (`runOnce` queues).
 */
export class SmsWorker extends SerialJob<number> {
  constructor(
    private readonly db: AppDatabase,
    private readonly handler: SmsHandler,
    private readonly clock: Clock,
    log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
  ) {
    super(log, 'the SMS worker failed');
  }

  /** Handles the texts due now; resolves with how many were taken. */
  protected async run(): Promise<number> {
    const rows = await this.claim();
    for (const row of rows) await this.handleOne(row);
    return rows.length;
  }

  private now(): Date {
    return new Date(this.clock.now());
  }

  private async claim(): Promise<SmsInboundRow[]> {
    const now = this.now();
    return this.db.transaction(async (tx) => {
      const due = await tx
        .select({ id: smsInboundMessages.id })
        .from(smsInboundMessages)
        .where(
          and(
            eq(smsInboundMessages.status, 'pending'),
            or(isNull(smsInboundMessages.claimedUntil), lte(smsInboundMessages.claimedUntil, now)),
          ),
        )
        .orderBy(asc(smsInboundMessages.id))
        .limit(BATCH_SIZE)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      const claimed = await tx
        .update(smsInboundMessages)
        .set({
          claimedUntil: new Date(now.getTime() + SMS_LEASE_MS),
          attempts: sql`${smsInboundMessages.attempts} + 1`,
        })
        .where(
          inArray(
            smsInboundMessages.id,
            due.map((row) => row.id),
          ),
        )
        .returning();
      return claimed.sort((a, b) => a.id - b.id);
    });
  }

  private async handleOne(row: SmsInboundRow): Promise<void> {
    const lastAttempt = row.attempts >= SMS_MAX_ATTEMPTS;
    let outcome: SmsOutcome;
    try {
      outcome = await this.handler.handle(row, { lastAttempt });
    } catch (error) {
      this.log.warn({ err: error, messageId: row.id, attempt: row.attempts }, 'an inbound SMS failed');
      if (!lastAttempt) {
        const waitMs = SMS_RETRY_BASE_MS * 2 ** (row.attempts - 1);
        await this.db
          .update(smsInboundMessages)
          .set({ claimedUntil: new Date(this.now().getTime() + waitMs) })
          .where(eq(smsInboundMessages.id, row.id));
        return;
      }
      outcome = 'failed';
    }
    // Handled: the text itself is not kept (a member's is in the chat history).
    await this.db
      .update(smsInboundMessages)
      .set({ status: 'handled', outcome, body: null, handledAt: this.now(), claimedUntil: null })
      .where(eq(smsInboundMessages.id, row.id));
  }
}
