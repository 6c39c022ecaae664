import { eq } from 'drizzle-orm';
import type { AppDatabase } from '../../db/database';
import { offers, type PlanRow } from '../../db/schema';
import { Problem } from '../../problem';

export interface AppliedOffer {
  readonly offerId: number;
  /** Percent off the first charge. */
  readonly percentOff: number;
}

/**
 * The offer a purchase names (`offer_id`): it must be current (no end, or its end still ahead) and for the plan
 * bought; an offer that names no plan is for every plan. Anything else is a field error on `offer_id`.
 */
export async function applicableOffer(
  db: AppDatabase,
  offerId: number,
  plan: PlanRow,
  now: Date,
): Promise<AppliedOffer> {
  const [offer] = await db.select().from(offers).where(eq(offers.id, offerId));
  if (!offer) throw Problem.field('offer_id', `Invalid pk "${offerId}" - object does not exist.`);
  if (offer.expiresAt && offer.expiresAt <= now) throw Problem.field('offer_id', 'This offer has ended.');
  if (offer.planId !== null && offer.planId !== plan.id)
    throw Problem.field('offer_id', 'This offer is for another plan.');
  return { offerId: offer.id, percentOff: Math.min(100, Math.max(0, offer.discount)) };
}
