import { billingApi, billingCall, heldReply, requestsTo, type BillingRoute } from './fake-billing-api';
import { createSpendingCapStore, isValidSpendingCap } from './spending-cap-store';

const getCap = billingCall('getSpendingCap');
const setCapCall = billingCall('setSpendingCap');
const capOf = (monthlyCap: string | null) => ({
  status: 200,
  data: { monthly_cap: monthlyCap, spent_this_month: '12.50', currency: 'usd' },
});

function setup(routes: Record<string, BillingRoute> = {}) {
  let cap: string | null = null;
  const { client, requests } = billingApi({
    [getCap]: () => capOf(cap),
    [setCapCall]: (request) => {
      cap = (request.body as { monthly_cap: string | null }).monthly_cap;
      return capOf(cap && Number(cap).toFixed(2));
    },
    ...routes,
  });
  return { store: createSpendingCapStore(client.memberships), requests };
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('a spending cap amount (docs/decisions.md#money-at-checkout)', () => {
  it.each(['50', '49.99', '0.5', '100000', ' 50 ', '100000.00'])('takes %p', (text) => {
    expect(isValidSpendingCap(text)).toBe(true);
  });

  it.each(['', 'abc', '0', '0.00', '-5', '100000.01', '1000000', '1.234', '1e3', '$50', '50,00'])(
    'refuses %p',
    (text) => {
      expect(isValidSpendingCap(text)).toBe(false);
    },
  );
});

describe('the monthly spending cap (docs/decisions.md#money-at-checkout)', () => {
  it('loads the cap with what was spent this month', async () => {
    const { store } = setup();
    expect(store.getState().status).toBe('pending');
    await store.load();
    expect(store.getState()).toMatchObject({
      status: 'success',
      data: { monthly_cap: null, spent_this_month: '12.50' },
    });
  });

  it('sets the amount typed, without its spaces, then loads the cap again', async () => {
    const { store, requests } = setup();
    await store.load();
    await expect(store.setCap(' 50 ')).resolves.toBe(true);
    expect(requestsTo(requests, setCapCall)[0]?.body).toEqual({ monthly_cap: '50' });
    await jest.advanceTimersByTimeAsync(0);
    expect(requestsTo(requests, getCap)).toHaveLength(2);
    expect(store.getState()).toMatchObject({
      data: { monthly_cap: '50' },
      saving: null,
      invalidAmount: false,
    });
  });

  it('sends nothing for an amount the server would refuse, and says so until typing starts again', async () => {
    const { store, requests } = setup();
    await expect(store.setCap('abc')).resolves.toBe(false);
    expect(requestsTo(requests, setCapCall)).toHaveLength(0);
    expect(store.getState().invalidAmount).toBe(true);
    store.dismissInvalidAmount();
    expect(store.getState().invalidAmount).toBe(false);
  });

  it('forgets an earlier invalid amount once a valid one is sent', async () => {
    const { store } = setup();
    await store.setCap('0');
    await store.setCap('25');
    expect(store.getState().invalidAmount).toBe(false);
  });

  it('removes the cap with null, then loads it again', async () => {
    const { store, requests } = setup();
    await store.setCap('50');
    await expect(store.removeCap()).resolves.toBe(true);
    expect(requestsTo(requests, setCapCall)[1]?.body).toEqual({ monthly_cap: null });
    await jest.advanceTimersByTimeAsync(0);
    expect(store.getState().data?.monthly_cap).toBeNull();
  });

  it('says which change is being saved while it is on its way', async () => {
    const held = heldReply(capOf(null));
    const { store } = setup({ [setCapCall]: held.route });
    const removing = store.removeCap();
    await jest.advanceTimersByTimeAsync(0);
    expect(store.getState().saving).toBe('remove');
    held.release();
    await removing;
    expect(store.getState().saving).toBeNull();
  });

  it('keeps a refused save as thrown, and clears it when the next save starts', async () => {
    let status = 400;
    const { store } = setup({
      [setCapCall]: () =>
        status === 400 ? { status, data: { monthly_cap: ['Too high.'] } } : capOf('20.00'),
    });
    await expect(store.setCap('20')).resolves.toBe(false);
    expect(store.getState()).toMatchObject({ saving: null, saveError: { status: 400 } });
    status = 200;
    const saving = store.setCap('20');
    expect(store.getState().saveError).toBeNull();
    await saving;
  });
});
