import type { PlanFields } from '../domain/plans';
import { fakeCard, paymentApi } from './payment-fake-api';
import { cheapestMessageRate, createTopUpStore, messagesFor, topUpAmountProblem } from './top-up-store';

const metered = (price: number, messages: number): PlanFields & { currency: string } => ({
  plan_type: 'metered',
  recurring: 1,
  billing_period: null,
  messages,
  price,
  discount: 0,
  popular: false,
  trial_period_days: 0,
  currency: 'usd',
});

const dynamicIntent = {
  payment_intent_id: 'pi_9',
  client_secret: 'pi_9_secret',
  amount: 20,
  currency: 'usd',
  provider: 'local',
  messages: 133,
  user_plan: { id: 99 },
};

function topUp(confirmStatuses: string[] = ['succeeded']) {
  let confirms = 0;
  const api = paymentApi({
    updatePaymentMethod: { data: { payment_method_id: 'pm', brand: 'visa', last4: '4242' } },
    createDynamicPaymentIntent: { status: 201, data: dynamicIntent },
    confirmPaymentIntent: () => ({
      data: {
        status: confirmStatuses[Math.min(confirms++, confirmStatuses.length - 1)],
        user_plan: { id: 99 },
      },
    }),
    listUserPlans: { data: { count: 0, next: null, previous: null, results: [] } },
  });
  return { ...api, store: createTopUpStore(api.client) };
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('the messages an amount buys (docs/decisions.md#memberships-appsapi)', () => {
  it('finds the cheapest per-message price among metered plans only', () => {
    const monthly = { ...metered(19.99, 0), plan_type: 'standard', messages: null };
    expect(
      cheapestMessageRate([metered(9.99, 50), monthly, metered(29.99, 200), metered(59.99, 500)]),
    ).toEqual({
      price: 59.99,
      messages: 500,
      currency: 'usd',
    });
    expect(cheapestMessageRate([monthly])).toBeNull();
  });

  it('counts the messages an amount buys in cents, rounding down as the server does', () => {
    const rate = { price: 59.99, messages: 500, currency: 'usd' };
    expect(messagesFor(20, rate)).toBe(166); // 2000 * 500 / 5999 = 166.69
    expect(messagesFor(59.99, rate)).toBe(500);
    expect(messagesFor(1, { price: 9.99, messages: 50, currency: 'usd' })).toBe(5);
  });

  it('takes amounts from $1 to $500 with at most two decimals', () => {
    expect(topUpAmountProblem('20')).toBeNull();
    expect(topUpAmountProblem('12.50')).toBeNull();
    expect(topUpAmountProblem(' ')).toBe('missing');
    expect(topUpAmountProblem('0.5')).toBe('out_of_range');
    expect(topUpAmountProblem('501')).toBe('out_of_range');
    expect(topUpAmountProblem('1.234')).toBe('not_dollars');
  });
});

describe('paying for a top-up', () => {
  it('saves the card, creates a dynamic intent for the amount, confirms it, and shows the messages bought', async () => {
    const { store, sent } = topUp();
    await store.pay({ amount: 20 }, { card: fakeCard('pm_local_4242424242424242_1234') });
    expect(sent('updatePaymentMethod')[0]?.body).toEqual({
      payment_method_id: 'pm_local_4242424242424242_1234',
    });
    expect(sent('createDynamicPaymentIntent').map((r) => r.body)).toEqual([{ amount: 20 }]);
    expect(sent('confirmPaymentIntent').map((r) => r.body)).toEqual([{ payment_intent_id: 'pi_9' }]);
    expect(store.getState().payment).toMatchObject({ phase: 'paid', result: { messages: 133, amount: 20 } });
  });

  it('pays with the saved card without saving one, through a 3-D Secure step of the card port', async () => {
    const { store, sent } = topUp(['requires_action', 'succeeded']);
    const card = fakeCard();
    await store.pay({ amount: 20 }, { card, savedCard: true });
    expect(sent('updatePaymentMethod')).toEqual([]);
    expect(card.handleNextAction).toHaveBeenCalledWith('pi_9_secret');
    expect(sent('confirmPaymentIntent')).toHaveLength(2);
    expect(store.getState().payment.phase).toBe('paid');
  });

  it('reuses the keys for the same amount with the same card, and makes new ones for another amount', async () => {
    const { store, keysSent } = topUp(['processing']);
    await store.pay({ amount: 20 }, { card: fakeCard('pm_a') });
    await store.pay({ amount: 20 }, { card: fakeCard('pm_a') });
    await store.pay({ amount: 30 }, { card: fakeCard('pm_a') });
    const [first, retry, other] = keysSent('createDynamicPaymentIntent');
    expect(retry).toBe(first);
    expect(other).not.toBe(first);
    expect(store.getState().payment.phase).toBe('failed');
  });
});
