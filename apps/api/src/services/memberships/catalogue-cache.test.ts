import type { PlanPage } from '@wingmate/api-contract';
import { eq } from 'drizzle-orm';
import { plans } from '../../db/schema';
import { bearer, signUpByEmail, testClock } from '../../testing/sign-in';
import { describeEachDatabase } from '../../testing/test-app';
import { defaultCatalogue, loadCatalogue } from './catalogue';
import { CATALOGUE_CHECK_MS } from './catalogue-cache';

const clock = testClock();
const PLANS = '/api/v1/memberships/plans/';

describeEachDatabase(
  'plan lists from the catalogue cached per instance, with an ETag (docs/decisions.md#production-start-and-throughput)',
  (getApp) => {
    const get = async (url = PLANS, headers: Record<string, string> = {}) =>
      getApp().inject({
        method: 'GET',
        url,
        headers: { ...bearer(await signUpByEmail(getApp())), ...headers },
      });
    const priceOf = (page: PlanPage, id: number) => page.results.find((plan) => plan.id === id)?.price;

    it('answers a plan list with an ETag and Cache-Control, and 304 when the ETag still matches', async () => {
      const first = await get();
      expect(first.statusCode).toBe(200);
      expect(first.headers.etag).toMatch(/^"[\w-]+"$/);
      expect(first.headers['cache-control']).toMatch(/max-age=\d+/);
      const again = await get(PLANS, { 'if-none-match': String(first.headers.etag) });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
    });

    it('gives each list and page its own ETag', async () => {
      const regular = await get();
      const trials = await get('/api/v1/memberships/plans/freetrial/');
      expect(trials.statusCode).toBe(200);
      expect(trials.headers.etag).not.toBe(regular.headers.etag);
    });

    it('shows a catalogue load of this process at once, with a new ETag', async () => {
      const before = await get();
      const pack = defaultCatalogue().find((plan) => plan.code === 'metered-50')!;
      await loadCatalogue(getApp().database.db, [{ ...pack, price: 12.34 }]);
      const after = await get();
      const [row] = await getApp().database.db.select().from(plans).where(eq(plans.code, 'metered-50'));
      expect(priceOf(after.json<PlanPage>(), row!.id)).toBe(12.34);
      expect(after.headers.etag).not.toBe(before.headers.etag);
    });

    it('shows a change written by another process once the catalogue is checked again (at most a second later)', async () => {
      await get(); // the catalogue is in memory now
      const db = getApp().database.db;
      // Written as another process would: straight to the table, nothing in this process is told.
      const [row] = await db
        .update(plans)
        .set({ priceCents: 4321 })
        .where(eq(plans.code, 'metered-50'))
        .returning();
      clock.advance(CATALOGUE_CHECK_MS);
      expect(priceOf((await get()).json<PlanPage>(), row!.id)).toBe(43.21);
    });

    it('hides a retired plan once the catalogue is checked again', async () => {
      await get();
      const db = getApp().database.db;
      const [row] = await db
        .update(plans)
        .set({ listed: false })
        .where(eq(plans.code, 'metered-50'))
        .returning();
      clock.advance(CATALOGUE_CHECK_MS);
      expect((await get()).json<PlanPage>().results.map((plan) => plan.id)).not.toContain(row!.id);
    });
  },
  {},
  { clock },
);
