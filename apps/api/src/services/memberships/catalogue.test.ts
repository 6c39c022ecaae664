import type { PlanPage } from '@wingmate/api-contract';
import { eq } from 'drizzle-orm';
import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { plans } from '../../db/schema';
import { createScratchDatabase, testDatabaseKinds } from '../../testing/test-database';
import { bearer, signUpByEmail } from '../../testing/sign-in';
import { describeEachDatabase } from '../../testing/test-app';
import { CatalogueError, defaultCatalogue, loadCatalogue, parseCatalogue } from './catalogue';
import { isDisabledBySpec } from './plans';

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
});

describeEachDatabase('plan list pages', (getApp) => {
  it('pages plans 20 at a time with DRF next and previous links (decisions.md, page size 20)', async () => {
    const pack = defaultCatalogue().find((plan) => plan.code === 'metered-50')!;
    const extra = Array.from({ length: 5 }, (_, i) => ({
      ...pack,
      code: `metered-extra-${i}`,
      messages: 60 + i,
    }));
    await loadCatalogue(getApp().database.db, extra);
    const headers = bearer(await signUpByEmail(getApp()));
    const first = await getApp().inject({ method: 'GET', url: '/api/v1/memberships/plans/', headers });
    const page = first.json<PlanPage>();
    expect(page).toMatchObject({ count: 23, previous: null });
    expect(page.results).toHaveLength(20);
    expect(page.next).toMatch(/\/api\/v1\/memberships\/plans\/\?page=2$/);
    const second = await getApp().inject({
      method: 'GET',
      url: '/api/v1/memberships/plans/?page=2',
      headers,
    });
    expect(second.json<PlanPage>().results).toHaveLength(3);
    expect(
      (await getApp().inject({ method: 'GET', url: '/api/v1/memberships/plans/?page=3', headers }))
        .statusCode,
    ).toBe(404);
  });
});

describe('catalogue rules', () => {
  it('holds exactly the two plans the disabling rules disable (spec 4, Plan disabling)', () => {
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
    try {
      const dir = await mkdtemp(path.join(tmpdir(), 'catalogue-'));
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
      const run = () =>
        promisify(execFile)('npx', ['tsx', 'tools/load-catalogue.ts', file], {
          cwd: path.resolve(__dirname, '../../../../..'),
          env: { ...process.env, DATABASE_URL: scratch.url, NODE_OPTIONS: '' },
        });
      expect((await run()).stdout).toContain('1 added, 0 updated');
      expect((await run()).stdout).toContain('0 added, 1 updated');
    } finally {
      await scratch.drop();
    }
  }, 60_000);
});
