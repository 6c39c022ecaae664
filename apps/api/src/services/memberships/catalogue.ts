import { count, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/database';
import { plans } from '../../db/schema';
import { catalogueChanged } from './catalogue-cache';
// The default catalogue is data kept in src/seed beside the profile seed; importing it bundles it into the built
// server.
import defaultCatalogueJson from '../../seed/catalogue.json';

/** One plan of a catalogue file, as written there: price in dollars, discount in percent. */
export interface CataloguePlan {
  readonly code: string;
  readonly name: string;
  readonly plan_type: 'metered' | 'standard' | 'premium';
  readonly recurring: number;
  readonly billing_period: 'WEEK' | 'MONTH' | 'YEAR' | null;
  readonly messages: number | null;
  readonly price: number;
  readonly currency?: string;
  readonly discount?: number;
  readonly popular?: boolean;
  readonly trial_period_days?: number;
  /** false retires a plan: kept for the users who bought it, gone from the lists and from sale. */
  readonly listed?: boolean;
}

export class CatalogueError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid catalogue:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'CatalogueError';
  }
}

/** The catalogue shipped in `apps/api/src/seed/catalogue.json` (bundled, so the built server has it too). */
export function defaultCatalogue(): CataloguePlan[] {
  return parseCatalogue(defaultCatalogueJson);
}

/** Checks a catalogue file's contents, reporting every bad plan at once. */
export function parseCatalogue(input: unknown): CataloguePlan[] {
  const list = (input as { plans?: unknown })?.plans;
  if (!Array.isArray(list))
    throw new CatalogueError(['the catalogue must be an object with a "plans" array']);
  const problems: string[] = [];
  const codes = new Set<string>();
  list.forEach((raw: Record<string, unknown>, index) => {
    const where = `plans[${index}]${typeof raw?.code === 'string' ? ` (${raw.code})` : ''}`;
    const fail = (message: string) => problems.push(`${where}: ${message}`);
    if (typeof raw?.code !== 'string' || !/^[a-z0-9-]{1,64}$/.test(raw.code))
      fail('code must be lowercase a-z, 0-9, -');
    else if (codes.has(raw.code)) fail('code appears twice');
    else codes.add(raw.code);
    if (typeof raw?.name !== 'string' || raw.name === '') fail('name is required');
    if (!['metered', 'standard', 'premium'].includes(raw?.plan_type as string))
      fail('plan_type is not valid');
    if (!Number.isInteger(raw?.recurring) || (raw.recurring as number) < 1)
      fail('recurring must be an integer >= 1');
    if (!(typeof raw?.price === 'number' && raw.price >= 0)) fail('price must be a number >= 0');
    if (raw?.plan_type === 'metered') {
      if (raw.billing_period !== null) fail('a metered plan has billing_period null');
      if (!Number.isInteger(raw.messages) || (raw.messages as number) < 1)
        fail('a metered plan needs messages >= 1');
      if (raw.trial_period_days) fail('a metered plan has no trial');
    } else if (!['WEEK', 'MONTH', 'YEAR'].includes(raw?.billing_period as string)) {
      fail('a subscription needs billing_period WEEK, MONTH or YEAR');
    }
    if (
      raw?.trial_period_days !== undefined &&
      !(Number.isInteger(raw.trial_period_days) && (raw.trial_period_days as number) >= 0)
    ) {
      fail('trial_period_days must be an integer >= 0');
    }
    if (raw?.discount !== undefined && !(Number.isInteger(raw.discount) && (raw.discount as number) >= 0)) {
      fail('discount must be a whole percent >= 0');
    }
  });
  if (problems.length > 0) throw new CatalogueError(problems);
  return list as CataloguePlan[];
}

/** Inserts new plans and updates existing ones by `code`, in one transaction; answers how many of each. */
export async function loadCatalogue(
  db: AppDatabase,
  catalogue: readonly CataloguePlan[],
): Promise<{ inserted: number; updated: number }> {
  const counts = await db.transaction(async (tx) => {
    let inserted = 0;
    for (const plan of catalogue) {
      const values = planValues(plan);
      const [row] = await tx
        .insert(plans)
        .values(values)
        .onConflictDoUpdate({ target: plans.code, set: { ...values, updatedAt: sql`now()` } })
        .returning({ isNew: sql<boolean>`xmax = 0` });
      if (row?.isNew) inserted++;
    }
    return { inserted, updated: catalogue.length - inserted };
  });
  // This process's plan lists show it at once; other processes see the version row the triggers bumped.
  catalogueChanged(db);
  return counts;
}

/** First start: an empty plans table gets the default catalogue. A concurrent start just updates the same rows. */
export async function seedCatalogueIfEmpty(
  db: AppDatabase,
  catalogue = defaultCatalogue(),
): Promise<boolean> {
  const [row] = await db.select({ plans: count() }).from(plans);
  if ((row?.plans ?? 0) > 0) return false;
  await loadCatalogue(db, catalogue);
  return true;
}

function planValues(plan: CataloguePlan): typeof plans.$inferInsert {
  return {
    code: plan.code,
    name: plan.name,
    planType: plan.plan_type,
    recurring: plan.recurring,
    billingPeriod: plan.billing_period,
    messages: plan.messages,
    priceCents: Math.round(plan.price * 100),
    currency: (plan.currency ?? 'usd').toLowerCase(),
    discount: plan.discount ?? 0,
    popular: plan.popular ?? false,
    trialPeriodDays: plan.trial_period_days ?? 0,
    listed: plan.listed ?? true,
  };
}
