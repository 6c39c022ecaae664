import type { Payment, PaymentPage } from '@wingmate/api-contract';
import { and, count, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/database';
import { payments, type PaymentRow } from '../../db/schema';
import { pageOf, type PageRequest } from '../shared/pages';
import { centsToDollars } from './money';

/** A database or a transaction of it: payments are recorded inside the transaction that changes the plan. */
export type Executor = Pick<AppDatabase, 'select' | 'insert' | 'update'>;

export interface NewPayment {
  readonly userId: number;
  readonly userPlanId: number | null;
  readonly planId: number | null;
  readonly provider: 'stripe' | 'local';
  readonly paymentRef: string;
  readonly status: PaymentRow['status'];
  readonly amountCents: number;
  readonly currency: string;
  readonly description: string;
  readonly createdAt: Date;
}

/**
 * Records one charge of the billing history, once per provider payment: reporting it again (a webhook
 * redelivered, a renewal retried) changes only its status, so a failed try that later succeeds shows as paid.
 */
export async function recordPayment(db: Executor, payment: NewPayment): Promise<void> {
  await db
    .insert(payments)
    .values(payment)
    .onConflictDoUpdate({ target: payments.paymentRef, set: { status: payment.status } });
}

/** The billing history, newest first (DRF's page; 404 past the last page). */
export async function listPayments(db: AppDatabase, userId: number, page: PageRequest): Promise<PaymentPage> {
  const [total] = await db.select({ n: count() }).from(payments).where(eq(payments.userId, userId));
  const rows = await db
    .select()
    .from(payments)
    .where(eq(payments.userId, userId))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(page.size)
    .offset((page.number - 1) * page.size);
  return pageOf(page, Number(total?.n ?? 0), rows.map(paymentJson));
}

export function paymentJson(row: PaymentRow): Payment {
  return {
    id: row.id,
    amount: centsToDollars(row.amountCents),
    currency: row.currency,
    status: row.status,
    description: row.description,
    plan_id: row.planId,
    created_at: row.createdAt.toISOString(),
    receipt_sent: row.receipt === 'sent',
  };
}

/** The calendar month (UTC) that holds `now`: [start, end). */
export function utcMonthOf(now: Date): { start: Date; end: Date } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { start, end };
}

/** What the user paid in USD (succeeded charges, in cents) in the calendar month (UTC) of `now`. */
export async function spentInMonth(db: Executor, userId: number, now: Date): Promise<number> {
  const { start, end } = utcMonthOf(now);
  const [row] = await db
    .select({ cents: sql<number>`coalesce(sum(${payments.amountCents}), 0)::int` })
    .from(payments)
    .where(
      and(
        eq(payments.userId, userId),
        eq(payments.status, 'succeeded'),
        eq(payments.currency, 'usd'),
        gte(payments.createdAt, start),
        lt(payments.createdAt, end),
      ),
    );
  return Number(row?.cents ?? 0);
}
