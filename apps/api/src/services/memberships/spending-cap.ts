import { errorCodes, type SpendingCap } from '@wingmate/api-contract';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/database';
import { spendingCaps, spendingReservations } from '../../db/schema';
import { Problem } from '../../problem';
import { centsToDecimal, decimalToCents, formatUsd } from './money';
import { spentInMonth, type Executor } from './payments';

/** The highest cap one may set: USD 100,000 a month. */
export const MAX_MONTHLY_CAP_CENTS = 100_000_00;

/** The code of a payment refused by the cap (a `CodedError`, 400). */
export const SPENDING_CAP_CODE = errorCodes.spendingCap;

export async function monthlyCapCents(db: Executor, userId: number): Promise<number | null> {
  const [row] = await db.select().from(spendingCaps).where(eq(spendingCaps.userId, userId));
  return row?.monthlyCapCents ?? null;
}

export async function spendingCapJson(db: AppDatabase, userId: number, now: Date): Promise<SpendingCap> {
  const [cap, spent] = [await monthlyCapCents(db, userId), await spentInMonth(db, userId, now)];
  return {
    monthly_cap: cap === null ? null : centsToDecimal(cap),
    spent_this_month: centsToDecimal(spent),
    currency: 'usd',
  };
}

/** Sets (or, with null, removes) the cap: more than 0, at most USD 100,000 (docs/decisions.md#money-at-checkout). */
export async function setSpendingCap(
  db: AppDatabase,
  userId: number,
  monthlyCap: string | null,
  now: Date,
): Promise<SpendingCap> {
  if (monthlyCap === null) {
    await db.delete(spendingCaps).where(eq(spendingCaps.userId, userId));
    return spendingCapJson(db, userId, now);
  }
  const cents = decimalToCents(monthlyCap);
  if (cents <= 0) throw Problem.field('monthly_cap', 'Ensure this value is greater than 0.');
  if (cents > MAX_MONTHLY_CAP_CENTS)
    throw Problem.field('monthly_cap', 'Ensure this value is less than or equal to 100000.');
  await db
    .insert(spendingCaps)
    .values({ userId, monthlyCapCents: cents, updatedAt: now })
    .onConflictDoUpdate({ target: spendingCaps.userId, set: { monthlyCapCents: cents, updatedAt: now } });
  return spendingCapJson(db, userId, now);
}

/**
 * How a charge of `amountCents` stands against the cap in the month of `at`, counting what was paid and what
 * charges under way hold (docs/decisions.md#spending-reservations); null when it fits (or no cap).
 */
export async function capOverrun(
  db: Executor,
  userId: number,
  amountCents: number,
  at: Date,
): Promise<{ capCents: number; leftCents: number } | null> {
  if (amountCents <= 0) return null;
  const capCents = await monthlyCapCents(db, userId);
  if (capCents === null) return null;
  const held = (await spentInMonth(db, userId, at)) + (await reservedCents(db, userId, at));
  const leftCents = Math.max(0, capCents - held);
  return amountCents > leftCents ? { capCents, leftCents } : null;
}

/** Refuses a payment that would pass the cap this month: 400 `{detail, code: "spending_cap"}`. */
export async function checkSpendingCap(
  db: Executor,
  userId: number,
  amountCents: number,
  now: Date,
): Promise<void> {
  const overrun = await capOverrun(db, userId, amountCents, now);
  if (overrun) throw spendingCapProblem(amountCents, overrun);
}

/** The cap's refusal of a payment: what it costs, the cap and what is left this month. */
export function spendingCapProblem(
  amountCents: number,
  overrun: { capCents: number; leftCents: number },
): Problem {
  return Problem.detail(
    400,
    `This payment of ${formatUsd(amountCents)} would pass your monthly spending cap of ` +
      `${formatUsd(overrun.capCents)}: ${formatUsd(overrun.leftCents)} is left this month. ` +
      'Raise or remove the cap in your account to continue.',
    SPENDING_CAP_CODE,
  );
}

/** USD held by the member's live reservations (charges under way) at `now`, in cents. */
export async function reservedCents(db: Executor, userId: number, now: Date): Promise<number> {
  const [row] = await db
    .select({ cents: sql<number>`coalesce(sum(${spendingReservations.amountCents}), 0)::int` })
    .from(spendingReservations)
    .where(
      and(
        eq(spendingReservations.userId, userId),
        eq(spendingReservations.currency, 'usd'),
        gt(spendingReservations.expiresAt, now),
      ),
    );
  return Number(row?.cents ?? 0);
}
