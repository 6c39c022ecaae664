import { isApiError } from '../errors/api-error';
import { CardActionError } from './card-entry-port';
import { createCheckoutStore, type PlanPurchase } from './checkout-store';
import { PaymentNotCompleted } from './payment-attempt';
import { fakeCard, paymentApi, type FakeAnswer } from './payment-fake-api';

const intent = {
  payment_intent_id: 'pi_1',
  client_secret: 'pi_1_secret',
  amount: 9.99,
  currency: 'usd',
  provider: 'local',
  user_plan: { id: 90 },
};
const succeeded = { data: { status: 'succeeded', user_plan: { id: 90, status: 'active' } } };
const requiresAction = { data: { status: 'requires_action', user_plan: { id: 90 } } };
const declined = { status: 402, data: { detail: 'Your card was declined.', code: 'card_declined' } };
const pack: PlanPurchase = { planId: 1, trial: false };

function checkout(answers: Parameters<typeof paymentApi>[0] = {}) {
  const api = paymentApi({
    updatePaymentMethod: { data: { payment_method_id: 'pm', brand: 'visa', last4: '4242' } },
    verifyCard: { data: { verified: true, amount: 1, currency: 'usd' } },
    createPaymentIntent: { status: 201, data: intent },
    confirmPaymentIntent: succeeded,
    listUserPlans: { data: { count: 0, next: null, previous: null, results: [] } },
    ...answers,
  });
  const onPaid = jest.fn();
  const store = createCheckoutStore(api.client, { onPaid });
  return { ...api, store, onPaid };
}

/** Answers each call in turn, the last one again after that. */
const inTurn = (...answers: FakeAnswer[]): FakeAnswer => {
  let call = 0;
  return (request) => {
    const answer = answers[Math.min(call++, answers.length - 1)]!;
    return typeof answer === 'function' ? answer(request) : answer;
  };
};

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('paying for a plan with a new card (docs/decisions.md#money-at-checkout)', () => {
  it('saves the card, creates the intent for the plan, confirms it, and shows what was paid', async () => {
    const { store, sent } = checkout();
    await store.pay(pack, { card: fakeCard('pm_local_4242424242424242_1234') });
    expect(sent('updatePaymentMethod').map((r) => r.body)).toEqual([
      { payment_method_id: 'pm_local_4242424242424242_1234' },
    ]);
    expect(sent('createPaymentIntent').map((r) => r.body)).toEqual([{ plan_id: 1 }]);
    expect(sent('confirmPaymentIntent').map((r) => r.body)).toEqual([{ payment_intent_id: 'pi_1' }]);
    expect(store.getState().payment).toMatchObject({
      phase: 'paid',
      result: { intent: { payment_intent_id: 'pi_1' }, confirmation: { status: 'succeeded' } },
    });
  });

  it('sends the running offer as offer_id', async () => {
    const { store, sent } = checkout();
    await store.pay({ planId: 5, offerId: 3, trial: false }, { card: fakeCard() });
    expect(sent('createPaymentIntent')[0]?.body).toEqual({ plan_id: 5, offer_id: 3 });
  });

  it('gives each call of the attempt its own idempotency key', async () => {
    const { store, keysSent } = checkout();
    await store.pay(pack, { card: fakeCard() });
    const keys = [
      ...keysSent('updatePaymentMethod'),
      ...keysSent('createPaymentIntent'),
      ...keysSent('confirmPaymentIntent'),
    ];
    expect(new Set(keys).size).toBe(3);
  });

  it("reads the member's plans again and tells the app, once paid", async () => {
    const { store, sent, onPaid } = checkout();
    await store.pay(pack, { card: fakeCard() });
    await jest.advanceTimersByTimeAsync(0);
    expect(onPaid).toHaveBeenCalledTimes(1);
    expect(sent('listUserPlans')).toHaveLength(1);
  });

  it('sends nothing and is ready again while the card entry is not complete', async () => {
    const { store, requests } = checkout();
    await store.pay(pack, { card: fakeCard(null) });
    expect(store.getState().payment).toEqual({ phase: 'ready' });
    expect(requests).toEqual([]);
  });

  it('pays once when asked twice while paying', async () => {
    let answer!: () => void;
    const { store, sent } = checkout({
      createPaymentIntent: () =>
        new Promise((resolve) => (answer = () => resolve({ status: 201, data: intent }))),
    });
    const first = store.pay(pack, { card: fakeCard() });
    await jest.advanceTimersByTimeAsync(0);
    expect(store.getState().payment.phase).toBe('paying');
    await store.pay(pack, { card: fakeCard() });
    answer();
    await first;
    expect(sent('createPaymentIntent')).toHaveLength(1);
    expect(sent('confirmPaymentIntent')).toHaveLength(1);
  });
});

describe('paying with the saved card (docs/decisions.md#money-at-checkout)', () => {
  it('neither reads the form nor saves a card', async () => {
    const { store, sent } = checkout();
    const card = fakeCard();
    await store.pay(pack, { card, savedCard: true });
    expect(card.collect).not.toHaveBeenCalled();
    expect(sent('updatePaymentMethod')).toEqual([]);
    expect(sent('createPaymentIntent')[0]?.body).toEqual({ plan_id: 1 });
    expect(store.getState().payment.phase).toBe('paid');
  });

  it('loads the saved card into the state', async () => {
    const card = { brand: 'visa', last4: '4242', exp_month: 4, exp_year: 2031 };
    const { store } = checkout({ getPaymentMethod: { data: card } });
    await store.loadSavedCard();
    expect(store.getState().savedCard).toEqual(card);
  });

  it('offers no saved card when there is none (404) or the load was abandoned', async () => {
    const none = checkout();
    await none.store.loadSavedCard();
    expect(none.store.getState().savedCard).toBeNull();
    const abandoned = checkout({ getPaymentMethod: { data: { brand: 'visa', last4: '4242' } } });
    const controller = new AbortController();
    const loading = abandoned.store.loadSavedCard({ signal: controller.signal });
    controller.abort();
    await loading;
    expect(abandoned.store.getState().savedCard).toBeNull();
  });
});

describe('a free trial checks its card (docs/decisions.md#memberships-appsapi)', () => {
  it('checks the card with the hold amount instead of saving it', async () => {
    const { store, sent } = checkout();
    await store.pay({ planId: 7, trial: true }, { card: fakeCard('pm_local_4242424242424242_1234') });
    expect(sent('verifyCard').map((r) => r.body)).toEqual([
      { payment_method_id: 'pm_local_4242424242424242_1234', amount: 1 },
    ]);
    expect(sent('updatePaymentMethod')).toEqual([]);
    expect(store.getState().payment.phase).toBe('paid');
  });
});

describe('3-D Secure through the card port', () => {
  it("runs the bank step on the intent and confirms again under the attempt's second confirm key", async () => {
    const { store, sent, keysSent } = checkout({ confirmPaymentIntent: inTurn(requiresAction, succeeded) });
    const card = fakeCard();
    await store.pay(pack, { card });
    expect(card.handleNextAction).toHaveBeenCalledWith('pi_1_secret');
    expect(sent('confirmPaymentIntent').map((r) => r.body)).toEqual([
      { payment_intent_id: 'pi_1' },
      { payment_intent_id: 'pi_1' },
    ]);
    const [confirm, confirmAfterAction] = keysSent('confirmPaymentIntent');
    expect(confirmAfterAction).not.toBe(confirm);
    expect(store.getState().payment.phase).toBe('paid');
  });

  it('runs the step for the saved card too', async () => {
    const { store } = checkout({ confirmPaymentIntent: inTurn(requiresAction, succeeded) });
    const card = fakeCard();
    await store.pay(pack, { card, savedCard: true });
    expect(card.handleNextAction).toHaveBeenCalledWith('pi_1_secret');
    expect(store.getState().payment.phase).toBe('paid');
  });

  it("keeps the bank's refusal as the failure and confirms no more", async () => {
    const { store, sent } = checkout({ confirmPaymentIntent: requiresAction });
    const card = fakeCard();
    const refusal = new CardActionError('Your bank did not confirm the payment.');
    card.handleNextAction.mockRejectedValue(refusal);
    await store.pay(pack, { card });
    expect(store.getState().payment).toEqual({ phase: 'failed', error: refusal });
    expect(sent('confirmPaymentIntent')).toHaveLength(1);
  });

  it('reports a payment the bank is still processing as not completed, with that status', async () => {
    const { store } = checkout({
      confirmPaymentIntent: { data: { status: 'processing', user_plan: { id: 90 } } },
    });
    await store.pay(pack, { card: fakeCard() });
    const { payment } = store.getState();
    expect(payment.phase === 'failed' && payment.error).toBeInstanceOf(PaymentNotCompleted);
    expect(payment).toMatchObject({ error: { status: 'processing' } });
  });
});

describe('a decline buys nothing, and the attempt keeps its keys (docs/decisions.md#money-at-checkout)', () => {
  it('keeps the decline as the failure, shows no plan and reads nothing again', async () => {
    const { store, sent, onPaid } = checkout({ confirmPaymentIntent: declined });
    await store.pay(pack, { card: fakeCard() });
    const { payment } = store.getState();
    expect(payment.phase).toBe('failed');
    expect(payment.phase === 'failed' && isApiError(payment.error) && payment.error).toMatchObject({
      status: 402,
      code: 'card_declined',
    });
    await jest.advanceTimersByTimeAsync(0);
    expect(onPaid).not.toHaveBeenCalled();
    expect(sent('listUserPlans')).toEqual([]);
  });

  it('reuses every key of the attempt when the same card pays for the same plan again', async () => {
    const { store, keysSent } = checkout({ confirmPaymentIntent: inTurn(declined, succeeded) });
    await store.pay(pack, { card: fakeCard('pm_a') });
    await store.pay(pack, { card: fakeCard('pm_a') });
    expect(store.getState().payment.phase).toBe('paid');
    for (const id of ['updatePaymentMethod', 'createPaymentIntent', 'confirmPaymentIntent'] as const) {
      const [first, retry] = keysSent(id);
      expect(retry).toBe(first);
    }
  });

  it('makes new keys for another card, or for the plan with another offer', async () => {
    const { store, keysSent } = checkout({ confirmPaymentIntent: declined });
    await store.pay(pack, { card: fakeCard('pm_a') });
    await store.pay(pack, { card: fakeCard('pm_b') });
    await store.pay({ ...pack, offerId: 3 }, { card: fakeCard('pm_a') });
    expect(new Set(keysSent('createPaymentIntent')).size).toBe(3);
  });
});

describe('a payment refused until the account is verified (docs/product.md#accounts-and-signing-in)', () => {
  const verificationRequired = {
    status: 403,
    data: {
      detail: 'Verify your e-mail address or phone number before paying.',
      code: 'verification_required',
    },
  };

  it('asks for verification instead of failing, and is ready again once that is put aside', async () => {
    const { store, sent } = checkout({ updatePaymentMethod: verificationRequired });
    await store.pay(pack, { card: fakeCard() });
    expect(store.getState().payment).toEqual({ phase: 'verify' });
    expect(sent('createPaymentIntent')).toEqual([]);
    store.dismissVerify();
    expect(store.getState().payment).toEqual({ phase: 'ready' });
  });

  it('leaves any other state alone when verification is put aside', async () => {
    const { store } = checkout({ confirmPaymentIntent: declined });
    await store.pay(pack, { card: fakeCard() });
    store.dismissVerify();
    expect(store.getState().payment.phase).toBe('failed');
  });
});
