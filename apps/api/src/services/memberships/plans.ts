import type { Plan, PlanPage } from '@wingmate/api-contract';
import { and, asc, count, eq, gt } from 'drizzle-orm';
import type { AppDatabase } from '../../db/database';
import { plans, type PlanRow } from '../../db/schema';
import { Problem } from '../../problem';
import { centsToDollars } from './money';
import { pageOf, type PageRequest } from '../shared/pages';

/**
 * The disabling rules (docs/product.md#plan-disabling): the client shows these plans disabled, so the server
 * refuses to sell them too. Regular list: standard MONTH x12 without a trial, standard WEEK x1 with a trial.
 * Free-trial list: standard WEEK x1 (which, in that list, always has a trial): the same plan.
 */
export function isDisabledBySpec(
  plan: Pick<PlanRow, 'planType' | 'billingPeriod' | 'recurring' | 'trialPeriodDays'>,
): boolean {
  if (plan.planType !== 'standard') return false;
  if (plan.billingPeriod === 'MONTH' && plan.recurring === 12 && plan.trialPeriodDays === 0) return true;
  return plan.billingPeriod === 'WEEK' && plan.recurring === 1 && plan.trialPeriodDays > 0;
}

export function planJson(plan: PlanRow): Plan {
  return {
    id: plan.id,
    created_at: plan.createdAt.toISOString(),
    updated_at: plan.updatedAt.toISOString(),
    plan_type: plan.planType,
    recurring: plan.recurring,
    billing_period: plan.billingPeriod,
    messages: plan.messages,
    price: centsToDollars(plan.priceCents),
    discount: plan.discount,
    popular: plan.popular,
    trial_period_days: plan.trialPeriodDays,
    name: plan.name,
    currency: plan.currency,
  };
}

/** `plans/`: every listed plan, trials included (the regular list's rules disable one of them). */
export function listPlans(db: AppDatabase, page: PageRequest): Promise<PlanPage> {
  return listWhere(db, page, eq(plans.listed, true));
}

/** `plans/freetrial/`: listed plans with `trial_period_days > 0` (docs/decisions.md#memberships-appsapi). */
export function listFreeTrialPlans(db: AppDatabase, page: PageRequest): Promise<PlanPage> {
  return listWhere(db, page, and(eq(plans.listed, true), gt(plans.trialPeriodDays, 0)));
}

async function listWhere(
  db: AppDatabase,
  page: PageRequest,
  where: ReturnType<typeof eq> | undefined,
): Promise<PlanPage> {
  const [total] = await db.select({ n: count() }).from(plans).where(where);
  const rows = await db
    .select()
    .from(plans)
    .where(where)
    .orderBy(asc(plans.id))
    .limit(page.size)
    .offset((page.number - 1) * page.size);
  return pageOf(page, total?.n ?? 0, rows.map(planJson));
}

/** A plan the user may buy; unknown, retired or disabled ids are a field error on `plan_id`. */
export async function purchasablePlan(db: AppDatabase, planId: number): Promise<PlanRow> {
  const [plan] = await db.select().from(plans).where(eq(plans.id, planId));
  if (!plan || !plan.listed)
    throw Problem.field('plan_id', `Invalid pk "${planId}" - object does not exist.`);
  if (isDisabledBySpec(plan)) throw Problem.field('plan_id', 'This plan is not available.');
  return plan;
}

/** The lowest price of one message among listed metered plans, as a fraction (cents, messages). */
export async function cheapestMessageRate(
  db: AppDatabase,
): Promise<{ priceCents: number; messages: number; currency: string }> {
  const metered = await db
    .select()
    .from(plans)
    .where(and(eq(plans.listed, true), eq(plans.planType, 'metered')));
  let best: PlanRow | undefined;
  for (const plan of metered) {
    if (!plan.messages) continue;
    // a/b < c/d  <=>  a*d < c*b, with no rounding.
    if (!best || plan.priceCents * best.messages! < best.priceCents * plan.messages) best = plan;
  }
  if (!best) throw Problem.detail(503, 'No message packs are on sale right now.', 'no_metered_plans');
  return { priceCents: best.priceCents, messages: best.messages!, currency: best.currency };
}
