import { and, eq, gt, lte } from 'drizzle-orm';
import type { AppDatabase } from '../../db/database';
import { spendingReservations, users } from '../../db/schema';
import { Problem } from '../../problem';
import type { Executor } from './payments';
import { capOverrun, spendingCapProblem } from './spending-cap';

/** How long a reservation holds its amount when nothing settles or releases it (a process died mid-charge). */
export const RESERVATION_TTL_MS = 15 * 60 * 1000;

export interface NewReservation {
  readonly userId: number;
  readonly amountCents: number;
  readonly currency: string;
  /** The provider payment about to be charged; recording that payment deletes the reservation. */
  readonly paymentRef: string;
  readonly now: Date;
}

/**
 * Holds the amount of a charge about to be made (docs/decisions.md#spending-reservations). With the member's
 * row locked, it counts settled payments and live reservations against the cap and writes its row, then commits:
 * no lock is held across the provider call, and a second charge made meanwhile sees this one. Refuses with the
 * cap's 400 when the charge would pass it, and 404 when the account is gone (deleted meanwhile). Answers the
 * reservation's id, to release it if the charge fails.
 */
export async function reserveSpending(db: AppDatabase, reservation: NewReservation): Promise<number> {
  const { userId, amountCents, currency, paymentRef, now } = reservation;
  return db.transaction(async (tx) => {
    await lockMember(tx, userId);
    await tx
      .delete(spendingReservations)
      .where(and(eq(spendingReservations.userId, userId), lte(spendingReservations.expiresAt, now)));
    if (currency === 'usd') {
      const overrun = await capOverrun(tx, userId, amountCents, now);
      if (overrun) throw spendingCapProblem(amountCents, overrun);
    }
    const [row] = await tx
      .insert(spendingReservations)
      .values({
        userId,
        amountCents,
        currency,
        paymentRef,
        createdAt: now,
        expiresAt: new Date(now.getTime() + RESERVATION_TTL_MS),
      })
      .returning({ id: spendingReservations.id });
    return row!.id;
  });
}

/** Gives a reservation's amount back: its charge failed or was never made. */
export async function releaseReservation(
  db: Executor & Pick<AppDatabase, 'delete'>,
  id: number,
): Promise<void> {
  await db.delete(spendingReservations).where(eq(spendingReservations.id, id));
}

/** Ends the reservations of a payment now recorded, in the transaction that records it. */
export async function settleReservations(db: Pick<AppDatabase, 'delete'>, paymentRef: string): Promise<void> {
  await db.delete(spendingReservations).where(eq(spendingReservations.paymentRef, paymentRef));
}

/** Whether a charge of the member is under way: deleting the account waits for it. */
export async function hasChargeUnderWay(db: Executor, userId: number, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: spendingReservations.id })
    .from(spendingReservations)
    .where(and(eq(spendingReservations.userId, userId), gt(spendingReservations.expiresAt, now)))
    .limit(1);
  return row !== undefined;
}

/**
 * Locks the member's row for the rest of the transaction: reservations and the account's deletion take it, so
 * they run one after the other for one member. 404 when the account no longer exists.
 */
export async function lockMember(db: Executor, userId: number): Promise<void> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  if (!row) throw Problem.notFound();
}
