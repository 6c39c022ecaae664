import { createOffersStore, currentOffers, offerFor, type Offer } from './offers-store';
import { paymentApi } from './payment-fake-api';

const offer = (id: number, fields: Partial<Offer> = {}): Offer => ({
  id,
  title: `Offer ${id}`,
  description: '',
  plan_id: null,
  discount: 10,
  expires_at: null,
  ...fields,
});

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

const now = Date.parse('2026-11-27T12:00:00.000Z');

describe('running offers (docs/decisions.md#money-at-checkout)', () => {
  it('drops offers that have expired', () => {
    const offers = [
      offer(1),
      offer(2, { expires_at: '2026-11-27T11:59:59.000Z' }),
      offer(3, { expires_at: '2026-11-28T00:00:00.000Z' }),
    ];
    expect(currentOffers(offers, now).map((o) => o.id)).toEqual([1, 3]);
  });

  it("picks the plan's largest running offer, an offer naming no plan being for every plan", () => {
    const offers = [
      offer(1, { plan_id: null, discount: 10 }),
      offer(2, { plan_id: 5, discount: 20 }),
      offer(3, { plan_id: 6, discount: 50 }),
      offer(4, { plan_id: 5, discount: 90, expires_at: '2026-11-01T00:00:00.000Z' }),
    ];
    expect(offerFor(offers, 5, now)?.id).toBe(2);
    expect(offerFor(offers, 7, now)?.id).toBe(1);
    expect(offerFor([], 5, now)).toBeUndefined();
  });
});

describe('loading the offers', () => {
  it('settles with the offers', async () => {
    const { client } = paymentApi({
      listOffers: { data: { count: 1, next: null, previous: null, results: [offer(1)] } },
    });
    const store = createOffersStore(client.account);
    expect(store.getState()).toEqual({ offers: [], settled: false });
    await store.load();
    expect(store.getState()).toEqual({ offers: [offer(1)], settled: true });
  });

  it('settles with none when the call fails: the offers are extra', async () => {
    const { client } = paymentApi({ listOffers: { status: 500, data: { detail: 'Server error.' } } });
    const store = createOffersStore(client.account);
    const loading = store.load();
    // The transport's own retries of a GET come first.
    await jest.advanceTimersByTimeAsync(60_000);
    await loading;
    expect(store.getState()).toEqual({ offers: [], settled: true });
  });

  it('changes nothing when the load is abandoned', async () => {
    const { client } = paymentApi({
      listOffers: { data: { count: 1, next: null, previous: null, results: [offer(1)] } },
    });
    const store = createOffersStore(client.account);
    const controller = new AbortController();
    const loading = store.load({ signal: controller.signal });
    controller.abort();
    await loading;
    expect(store.getState()).toEqual({ offers: [], settled: false });
  });
});
