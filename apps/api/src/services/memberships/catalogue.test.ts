import type { PlanPage } from '@wingmate/api-contract';
import { eq } from 'drizzle-orm';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { plans } from '../../db/schema';
import { createScratchDatabase, testDatabaseKinds } from '../../testing/test-database';
import { bearer, signUpByEmail } from '../../testing/sign-in';
import { describeEachDatabase } from '../../testing/test-app';
import { CatalogueError, defaultCatalogue, loadCatalogue, parseCatalogue } from './catalogue';
import { isDisabledBySpec } from './plans';

// One server per database for the catalogue's cases: the first runs first, before the others add plans.
describeEachDatabase('plan catalogue', (getApp) => {
  it('seeds the default catalogue on first start', async () => {
    const rows = await getApp().database.db.select().from(plans);
    expect(rows.map((row) => row.code).sort()).toEqual(
      defaultCatalogue()
        .map((plan) => plan.code)
        .sort(),
    );
  });

  it('upserts by code: a changed price updates the plan, a new code adds one', async () => {
    const db = getApp().database.db;
    const [before] = await db.select().from(plans).where(eq(plans.code, 'metered-50'));
    const changed = { ...defaultCatalogue().find((plan) => plan.code === 'metered-50')!, price: 11.49 };
    const added = { ...changed, code: 'metered-75', name: '75 messages', messages: 75 };
    expect(await loadCatalogue(db, [changed, added])).toEqual({ inserted: 1, updated: 1 });
    const [after] = await db.select().from(plans).where(eq(plans.code, 'metered-50'));
    expect(after).toMatchObject({ id: before!.id, priceCents: 1149 });
  });

  it('pages plans 20 at a time with DRF next and previous links (docs/decisions.md#memberships-appsapi)', async () => {
    const headers = bearer(await signUpByEmail(getApp()));
    const list = (query = '') =>
      getApp().inject({ method: 'GET', url: `/api/v1/memberships/plans/${query}`, headers });
    // Filled up to 23 plans, whatever the cases before added: a full page of 20, then 3.
    const listed = (await list()).json<PlanPage>().count;
    const pack = defaultCatalogue().find((plan) => plan.code === 'metered-50')!;
    const extra = Array.from({ length: 23 - listed }, (_, i) => ({
      ...pack,
      code: `metered-extra-${i}`,
      messages: 60 + i,
    }));
    await loadCatalogue(getApp().database.db, extra);
    const page = (await list()).json<PlanPage>();
    expect(page).toMatchObject({ count: 23, previous: null });
    expect(page.results).toHaveLength(20);
    expect(page.next).toMatch(/\/api\/v1\/memberships\/plans\/\?page=2$/);
    expect((await list('?page=2')).json<PlanPage>().results).toHaveLength(3);
    expect((await list('?page=3')).statusCode).toBe(404);
  });
});

describe('catalogue rules', () => {
  it('holds exactly the two plans the disabling rules disable (docs/product.md#plan-disabling)', () => {
    const disabled = defaultCatalogue().filter((plan) =>
      isDisabledBySpec({
        planType: plan.plan_type,
        billingPeriod: plan.billing_period,
        recurring: plan.recurring,
        trialPeriodDays: plan.trial_period_days ?? 0,
      }),
    );
    expect(disabled.map((plan) => plan.code).sort()).toEqual(['standard-month-12', 'standard-week-1-trial']);
  });

  it('reports every bad plan of a catalogue at once', () => {
    const bad = {
      plans: [
        { code: 'X', plan_type: 'metered' },
        { code: 'ok', name: 'n', plan_type: 'gold', recurring: 0, price: -1 },
      ],
    };
    expect(() => parseCatalogue(bad)).toThrow(CatalogueError);
    try {
      parseCatalogue(bad);
    } catch (error) {
      expect((error as CatalogueError).problems.length).toBeGreaterThan(3);
    }
  });
});

const postgresOnly = testDatabaseKinds().includes('postgres') ? describe : describe.skip;

postgresOnly('tools/load-catalogue.ts', () => {
  it('loads a catalogue file into the configured database, upserting by code', async () => {
    const scratch = await createScratchDatabase();
    const dir = await mkdtemp(path.join(tmpdir(), 'catalogue-'));
    try {
      const file = path.join(dir, 'catalogue.json');
      const plan = {
        code: 'metered-10',
        name: '10 messages',
        plan_type: 'metered',
        recurring: 1,
        billing_period: null,
        messages: 10,
        price: 2.99,
      };
      await writeFile(file, JSON.stringify({ plans: [plan] }));
      // node with tsx's loader, as `npx tsx` runs it, without the two node processes of npx and of tsx's command.
      const run = () =>
        promisify(execFile)(process.execPath, ['--import', 'tsx', 'tools/load-catalogue.ts', file], {
          cwd: path.resolve(__dirname, '../../../../..'),
          // DATA_DIR: the script's JWT secret goes to the temporary directory, not into the repository's data/.
          env: { ...process.env, DATABASE_URL: scratch.url, DATA_DIR: dir, NODE_OPTIONS: '' },
        });
      expect((await run()).stdout).toContain('1 added, 0 updated');
      expect((await run()).stdout).toContain('0 added, 1 updated');
    } finally {
      await scratch.drop();
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
