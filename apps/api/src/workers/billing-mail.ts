import type { Clock } from '@wingmate/runtime';
import { and, asc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { EmailSender } from '../adapters/messaging/ports';
import type { AppDatabase } from '../db/database';
import { payments, plans, userPlans, users, type PaymentRow, type UserPlanRow } from '../db/schema';
import { receiptEmail, trialReminderEmail } from '../services/memberships/billing-emails';
import { SerialJob } from './serial-job';

/** How long before a trial converts its reminder goes (docs/decisions.md#money-at-checkout). */
export const TRIAL_REMINDER_DAYS = 3;
/** Tries of one receipt before it is given up (`failed`); the wait doubles from a minute between them. */
export const MAX_RECEIPT_ATTEMPTS = 6;
const RETRY_BASE_MS = 60_000;
/** A claim on a receipt lapses after this, so a receipt claimed by a process that died is sent by another. */
const SENDING_LEASE_MS = 5 * 60_000;
const BATCH_SIZE = 50;
const DAY_MS = 24 * 3600_000;

export interface BillingMailRun {
  readonly receiptsSent: number;
  /** Payments of accounts with no verified e-mail address: nothing to send to. */
  readonly receiptsWithoutAddress: number;
  readonly receiptsFailed: number;
  readonly remindersSent: number;
}

/**
 * The billing e-mails, beside the renewal job: a receipt for every confirmed payment, and one reminder three days
 * before a trial converts. Rows are claimed with `FOR UPDATE SKIP LOCKED` before anything is sent
 * (docs/decisions.md#money-at-checkout), so two instances never send one e-mail twice; a reminder is claimed by
 * stamping it, so it goes once. Only a verified address gets mail. Runs in one process follow one another (`runOnce`
 * queues).
 */
export class BillingMail extends SerialJob<BillingMailRun> {
  constructor(
    private readonly db: AppDatabase,
    private readonly mail: EmailSender,
    private readonly clock: Clock,
    log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
  ) {
    super(log, 'billing e-mails failed');
  }

  /** Sends the receipts and trial reminders due now. */
  protected async run(): Promise<BillingMailRun> {
    const receipts = await this.sendReceipts();
    return { ...receipts, remindersSent: await this.sendTrialReminders() };
  }

  private now(): Date {
    return new Date(this.clock.now());
  }

  private async sendReceipts() {
    const result = { receiptsSent: 0, receiptsWithoutAddress: 0, receiptsFailed: 0 };
    for (const payment of await this.claimReceipts()) {
      const address = payment.userId ? await this.verifiedAddress(payment.userId) : null;
      if (!address) {
        await this.markReceipt(payment.id, { receipt: 'no_address', receiptNotBefore: null });
        result.receiptsWithoutAddress++;
        continue;
      }
      try {
        const paidAt = payment.createdAt;
        await this.mail.send(receiptEmail(address, { ...payment, paidAt }));
        await this.markReceipt(payment.id, {
          receipt: 'sent',
          receiptSentAt: this.now(),
          receiptNotBefore: null,
        });
        result.receiptsSent++;
      } catch (error) {
        this.log.warn({ err: error, paymentId: payment.id }, 'receipt e-mail failed');
        await this.retryReceipt(payment);
        result.receiptsFailed++;
      }
    }
    return result;
  }

  private async claimReceipts(): Promise<PaymentRow[]> {
    const now = this.now();
    return this.db.transaction(async (tx) => {
      const due = await tx
        .select({ id: payments.id })
        .from(payments)
        .where(
          and(
            eq(payments.status, 'succeeded'),
            inArray(payments.receipt, ['pending', 'sending']),
            or(isNull(payments.receiptNotBefore), lte(payments.receiptNotBefore, now)),
          ),
        )
        .orderBy(asc(payments.id))
        .limit(BATCH_SIZE)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      return tx
        .update(payments)
        .set({
          receipt: 'sending',
          receiptNotBefore: new Date(now.getTime() + SENDING_LEASE_MS),
          receiptAttempts: sql`${payments.receiptAttempts} + 1`,
        })
        .where(
          inArray(
            payments.id,
            due.map((row) => row.id),
          ),
        )
        .returning();
    });
  }

  private async retryReceipt(payment: PaymentRow): Promise<void> {
    if (payment.receiptAttempts >= MAX_RECEIPT_ATTEMPTS) {
      await this.markReceipt(payment.id, { receipt: 'failed', receiptNotBefore: null });
      return;
    }
    const waitMs = RETRY_BASE_MS * 2 ** (payment.receiptAttempts - 1);
    await this.markReceipt(payment.id, {
      receipt: 'pending',
      receiptNotBefore: new Date(this.now().getTime() + waitMs),
    });
  }

  private async markReceipt(id: number, values: Partial<typeof payments.$inferInsert>): Promise<void> {
    await this.db.update(payments).set(values).where(eq(payments.id, id));
  }

  /** Trials converting within the reminder window, each reminded once (the stamp is the claim). */
  private async sendTrialReminders(): Promise<number> {
    let sent = 0;
    for (const trial of await this.claimTrialReminders()) {
      const address = await this.verifiedAddress(trial.userId);
      if (!address || !trial.currentPeriodEnd) continue;
      const [plan] = await this.db
        .select()
        .from(plans)
        .where(eq(plans.id, trial.scheduledPlanId ?? trial.planId));
      if (!plan) continue;
      try {
        await this.mail.send(
          trialReminderEmail(address, {
            planName: plan.name,
            amountCents: plan.priceCents,
            currency: plan.currency,
            convertsAt: trial.currentPeriodEnd,
          }),
        );
        sent++;
      } catch (error) {
        // Unstamped, so the next run tries again while the trial still runs.
        this.log.warn({ err: error, userPlanId: trial.id }, 'trial reminder e-mail failed');
        await this.db.update(userPlans).set({ trialReminderSentAt: null }).where(eq(userPlans.id, trial.id));
      }
    }
    return sent;
  }

  private async claimTrialReminders(): Promise<UserPlanRow[]> {
    const now = this.now();
    const windowEnd = new Date(now.getTime() + TRIAL_REMINDER_DAYS * DAY_MS);
    return this.db.transaction(async (tx) => {
      const due = await tx
        .select({ id: userPlans.id })
        .from(userPlans)
        .where(
          and(
            eq(userPlans.status, 'trialing'),
            eq(userPlans.isActive, true),
            eq(userPlans.cancelAtPeriodEnd, false),
            isNull(userPlans.trialReminderSentAt),
            gt(userPlans.currentPeriodEnd, now),
            lte(userPlans.currentPeriodEnd, windowEnd),
          ),
        )
        .limit(BATCH_SIZE)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      return tx
        .update(userPlans)
        .set({ trialReminderSentAt: now })
        .where(
          inArray(
            userPlans.id,
            due.map((row) => row.id),
          ),
        )
        .returning();
    });
  }

  private async verifiedAddress(userId: number): Promise<string | null> {
    const [user] = await this.db
      .select({ email: users.email, verifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.id, userId));
    return user?.email && user.verifiedAt ? user.email : null;
  }
}
