import type { Payment } from '@wingmate/api-contract';
import { createBillingHistoryStore, receiptNote } from './billing-history-store';
import { billingApi, billingCall, onePage, requestsTo, type BillingRoute } from './fake-billing-api';

const listPayments = billingCall('listPayments');

const payment = (id: number, fields: Partial<Payment> = {}): Payment => ({
  id,
  amount: 29.99,
  currency: 'usd',
  status: 'succeeded',
  description: '200 messages',
  plan_id: 2,
  created_at: '2026-11-20T10:00:00.000Z',
  receipt_sent: true,
  ...fields,
});

function setup(routes: Record<string, BillingRoute>) {
  const { client, requests } = billingApi(routes);
  return { store: createBillingHistoryStore(client.memberships), requests };
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('the billing history (docs/decisions.md#money-at-checkout)', () => {
  it("holds the first page's payments in the server's order, newest first", async () => {
    const { store, requests } = setup({
      [listPayments]: onePage([payment(3), payment(2, { status: 'failed' }), payment(1)]),
    });
    await store.load();
    expect(store.getState()).toMatchObject({ status: 'success', error: null });
    expect(store.getState().data?.map((p) => p.id)).toEqual([3, 2, 1]);
    expect(requestsTo(requests, listPayments)).toHaveLength(1);
    expect(requestsTo(requests, listPayments)[0]?.query).toEqual({});
  });

  it('reads a 404 page as no payments yet', async () => {
    const { store } = setup({});
    await store.load();
    expect(store.getState()).toMatchObject({ status: 'success', data: [] });
  });

  it('keeps a failure as the answer, and loads again on request', async () => {
    let status = 400;
    const { store } = setup({
      [listPayments]: () => (status === 200 ? onePage([payment(1)]) : { status, data: { detail: 'Bad.' } }),
    });
    await store.load();
    expect(store.getState()).toMatchObject({ status: 'failure', error: { status: 400 } });
    status = 200;
    await store.load();
    expect(store.getState()).toMatchObject({ status: 'success', error: null });
    expect(store.getState().data).toHaveLength(1);
  });
});

describe("a payment's receipt: only to a verified e-mail (docs/decisions.md#money-at-checkout)", () => {
  it.each([
    [{ status: 'succeeded', receipt_sent: true }, 'sent'],
    [{ status: 'succeeded', receipt_sent: false }, 'not-sent'],
    [{ status: 'paid', receipt_sent: false }, 'not-sent'],
    [{ status: 'failed', receipt_sent: false }, null],
  ] as const)('%p reads %p', (fields, note) => {
    expect(receiptNote(fields)).toBe(note);
  });
});
