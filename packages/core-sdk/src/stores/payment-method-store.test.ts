import { billingApi, billingCall, heldReply, requestsTo, type BillingRoute } from './fake-billing-api';
import { createPaymentMethodStore, type CardCollector } from './payment-method-store';

const visa = { brand: 'visa', last4: '4242', exp_month: 4, exp_year: 2031 };
const mastercard = { brand: 'mastercard', last4: '4444', exp_month: 1, exp_year: 2030 };
const getCard = billingCall('getPaymentMethod');
const updateCard = billingCall('updatePaymentMethod');
const saved = { status: 200, data: { payment_method_id: 'pm_new', brand: 'mastercard', last4: '4444' } };

function setup(routes: Record<string, BillingRoute>) {
  const { client, requests } = billingApi(routes);
  return { store: createPaymentMethodStore(client.memberships), requests };
}

const entered = (paymentMethodId: string | null): CardCollector => ({
  collect: jest.fn(() => Promise.resolve(paymentMethodId)),
});

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('the card on file (docs/decisions.md#money-at-checkout)', () => {
  it('is pending until the first answer, then holds the saved card', async () => {
    const { store } = setup({ [getCard]: { status: 200, data: visa } });
    expect(store.getState()).toMatchObject({ status: 'pending', data: null, loading: false });
    const loading = store.load();
    expect(store.getState()).toMatchObject({ status: 'pending', loading: true });
    await loading;
    expect(store.getState()).toMatchObject({ status: 'success', data: visa, error: null, loading: false });
  });

  it("reads the server's 404 as no card saved", async () => {
    const { store } = setup({});
    await store.load();
    expect(store.getState()).toMatchObject({ status: 'success', data: null });
  });

  it('keeps a failure as the answer, with the API error, and loads again on request', async () => {
    let status = 400;
    const { store } = setup({
      [getCard]: () =>
        status === 200 ? { status, data: visa } : { status, data: { detail: 'Bad request.' } },
    });
    await store.load();
    expect(store.getState()).toMatchObject({ status: 'failure', error: { status: 400 }, data: null });
    status = 200;
    const retry = store.load();
    // The failure stays the answer while the next load is on its way.
    expect(store.getState()).toMatchObject({ status: 'failure', loading: true });
    await retry;
    expect(store.getState()).toMatchObject({ status: 'success', data: visa, error: null });
  });

  it('sends one request for loads asked for while one is on its way', async () => {
    const held = heldReply({ status: 200, data: visa });
    const { store, requests } = setup({ [getCard]: held.route });
    const loads = Promise.all([store.load(), store.load()]);
    await jest.advanceTimersByTimeAsync(0);
    held.release();
    await loads;
    expect(requestsTo(requests, getCard)).toHaveLength(1);
  });
});

describe('saving a new card (docs/decisions.md#money-at-checkout)', () => {
  it("sends the card form's payment method id, then loads the card on file again", async () => {
    let card = visa;
    const { store, requests } = setup({
      [getCard]: () => ({ status: 200, data: card }),
      [updateCard]: () => {
        card = mastercard;
        return saved;
      },
    });
    await store.load();
    await expect(store.saveCard(entered('pm_local_5555555555554444_0130'))).resolves.toBe(true);
    expect(requestsTo(requests, updateCard)[0]?.body).toEqual({
      payment_method_id: 'pm_local_5555555555554444_0130',
    });
    await jest.advanceTimersByTimeAsync(0);
    expect(requestsTo(requests, getCard)).toHaveLength(2);
    expect(store.getState()).toMatchObject({ data: mastercard, saving: false, saveError: null });
  });

  it('sends nothing while the card entry is not complete', async () => {
    const { store, requests } = setup({ [updateCard]: saved });
    await expect(store.saveCard(entered(null))).resolves.toBe(false);
    expect(requestsTo(requests, updateCard)).toHaveLength(0);
    expect(store.getState()).toMatchObject({ saving: false, saveError: null });
  });

  it('is saving while the card is on its way, and takes no second save meanwhile', async () => {
    const held = heldReply(saved);
    const { store, requests } = setup({ [updateCard]: held.route, [getCard]: { status: 200, data: visa } });
    const first = store.saveCard(entered('pm_1'));
    await jest.advanceTimersByTimeAsync(0);
    expect(store.getState().saving).toBe(true);
    const second = entered('pm_2');
    await expect(store.saveCard(second)).resolves.toBe(false);
    expect(second.collect).not.toHaveBeenCalled();
    held.release();
    await expect(first).resolves.toBe(true);
    expect(requestsTo(requests, updateCard)).toHaveLength(1);
    expect(store.getState().saving).toBe(false);
  });

  it('keeps the failure as thrown for the screen to put in words, and clears it when asked', async () => {
    const { store } = setup({
      [updateCard]: { status: 402, data: { code: 'card_declined', detail: 'Your card was declined.' } },
    });
    await expect(store.saveCard(entered('pm_declined'))).resolves.toBe(false);
    expect(store.getState()).toMatchObject({
      saving: false,
      saveError: { status: 402, code: 'card_declined' },
    });
    store.dismissSaveError();
    expect(store.getState().saveError).toBeNull();
  });

  it("keeps the card form's own failure too", async () => {
    const { store } = setup({});
    const refused = new Error('Your bank refused the check.');
    await store.saveCard({ collect: async () => Promise.reject(refused) });
    expect(store.getState().saveError).toBe(refused);
  });
});
