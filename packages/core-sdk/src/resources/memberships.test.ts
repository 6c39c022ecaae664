import { ACCESS_TOKEN_KEY } from '../session/tokens';
import { fakeClient, type FakeHandler } from '../testing/fake-api';

function signedIn(handler?: FakeHandler) {
  const setup = fakeClient(handler);
  setup.storage.set(ACCESS_TOKEN_KEY, 'jwt');
  return setup;
}

describe('generic list fetch (docs/product.md#lists-page-by-page: a 404 gives an empty page)', () => {
  it('reads a 404 plan list as {count: 0, previous: null, next: null, results: []}', async () => {
    const { client } = signedIn(() => ({ status: 404, data: { detail: 'Invalid page.' } }));
    await expect(client.memberships.listPlans({ page: 9 })).resolves.toEqual({
      count: 0,
      previous: null,
      next: null,
      results: [],
    });
  });

  it('passes other failures on', async () => {
    const { client } = signedIn(() => ({ status: 400, data: '' }));
    await expect(client.memberships.listUserPlans()).rejects.toMatchObject({
      status: 400,
      message: 'The server responded with a status of 400',
    });
  });
});

describe('plan lists follow next until the last page (docs/decisions.md#core-sdk)', () => {
  it('loads every page of the regular plans into the plan store', async () => {
    const plan = (id: number) => ({
      id,
      plan_type: 'standard',
      recurring: id,
      billing_period: 'MONTH',
      messages: null,
      price: 10,
      discount: 0,
      popular: false,
      trial_period_days: 0,
    });
    const { client, requests } = signedIn((request) =>
      request.query.page === 1
        ? {
            status: 200,
            data: {
              count: 3,
              previous: null,
              next: 'http://internal:8000/api/v1/memberships/plans/?page=2',
              results: [plan(1), plan(2)],
            },
          }
        : { status: 200, data: { count: 3, previous: '...', next: null, results: [plan(3)] } },
    );
    const plans = await client.plans.loadRegular();
    expect(plans.map((p) => p.id)).toEqual([1, 2, 3]);
    expect(requests.map((r) => `${r.path}?page=${String(r.query.page)}`)).toEqual([
      '/api/v1/memberships/plans/?page=1',
      '/api/v1/memberships/plans/?page=2',
    ]);
  });
});

describe('card verification (docs/product.md#validation: the amount is sent only if numeric)', () => {
  it.each([
    [2.5, { payment_method_id: 'pm_card_visa', amount: 2.5 }],
    ['1.00', { payment_method_id: 'pm_card_visa', amount: 1 }],
    ['', { payment_method_id: 'pm_card_visa' }],
    ['abc', { payment_method_id: 'pm_card_visa' }],
    [Number.NaN, { payment_method_id: 'pm_card_visa' }],
    [undefined, { payment_method_id: 'pm_card_visa' }],
  ])('amount %p sends %p', async (amount, body) => {
    const { client, requests } = signedIn();
    await client.memberships.verifyCard({ payment_method_id: 'pm_card_visa', amount });
    expect(requests[0]?.body).toEqual(body);
  });
});

describe('user plan calls (docs/product.md#membership-calls)', () => {
  it('cancels by id with no body', async () => {
    const { client, requests } = signedIn();
    await client.memberships.cancelUserPlan(12);
    expect(requests[0]).toMatchObject({
      method: 'POST',
      path: '/api/v1/memberships/user_plans/12/cancel/',
      body: undefined,
    });
  });
});

describe('the saved card (docs/decisions.md#money-at-checkout: GET payment-method/, or 404)', () => {
  it('answers the card the server describes', async () => {
    const card = { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 };
    const { client, requests } = signedIn(() => ({ status: 200, data: card }));
    await expect(client.memberships.getPaymentMethod()).resolves.toEqual(card);
    expect(requests[0]).toMatchObject({
      method: 'GET',
      path: '/api/v1/memberships/user_plans/payment-method/',
    });
  });

  it('answers null when no card is saved (404)', async () => {
    const { client } = signedIn(() => ({ status: 404, data: { detail: 'No card is saved.' } }));
    await expect(client.memberships.getPaymentMethod()).resolves.toBeNull();
  });

  it('passes other failures on', async () => {
    const { client } = signedIn(() => ({ status: 400, data: { detail: 'Bad request.' } }));
    await expect(client.memberships.getPaymentMethod()).rejects.toMatchObject({ status: 400 });
  });
});

describe('the billing history (GET payments/)', () => {
  it('asks for the page given', async () => {
    const { client, requests } = signedIn(() => ({
      status: 200,
      data: { count: 0, previous: null, next: null, results: [] },
    }));
    await client.memberships.listPayments({ page: 2 });
    expect(requests[0]).toMatchObject({ path: '/api/v1/memberships/payments/', query: { page: 2 } });
  });

  it('reads a 404 as an empty page, like other lists (docs/product.md#lists-page-by-page)', async () => {
    const { client } = signedIn(() => ({ status: 404, data: { detail: 'Invalid page.' } }));
    await expect(client.memberships.listPayments({ page: 4 })).resolves.toEqual({
      count: 0,
      previous: null,
      next: null,
      results: [],
    });
  });
});

describe('resume and plan changes (docs/decisions.md#money-at-checkout)', () => {
  it('resumes a canceled plan by id with no body', async () => {
    const { client, requests } = signedIn();
    await client.memberships.resumeUserPlan(12);
    expect(requests[0]).toMatchObject({
      method: 'POST',
      path: '/api/v1/memberships/user_plans/12/resume/',
      body: undefined,
    });
  });

  it('schedules a change with the new plan id and undoes it at update/cancel/', async () => {
    const { client, requests } = signedIn();
    await client.memberships.updateUserPlan(12, { plan_id: 5 });
    await client.memberships.cancelPlanChange(12);
    expect(requests.map((r) => [r.method, r.path, r.body])).toEqual([
      ['POST', '/api/v1/memberships/user_plans/12/update/', { plan_id: 5 }],
      ['POST', '/api/v1/memberships/user_plans/12/update/cancel/', undefined],
    ]);
  });
});

describe('the spending cap (docs/decisions.md#money-at-checkout)', () => {
  it('reads it with GET and sets it with PUT, a decimal string or null', async () => {
    const { client, requests } = signedIn();
    await client.memberships.getSpendingCap();
    await client.memberships.setSpendingCap({ monthly_cap: '50.00' });
    await client.memberships.setSpendingCap({ monthly_cap: null });
    expect(requests.map((r) => [r.method, r.path, r.body])).toEqual([
      ['GET', '/api/v1/memberships/spending-cap/', undefined],
      ['PUT', '/api/v1/memberships/spending-cap/', { monthly_cap: '50.00' }],
      ['PUT', '/api/v1/memberships/spending-cap/', { monthly_cap: null }],
    ]);
  });

  it("passes the server's spending_cap refusal of a payment on with its code", async () => {
    const refusal = { detail: 'This payment would pass your monthly cap of $50.00.', code: 'spending_cap' };
    const { client } = signedIn(() => ({ status: 400, data: refusal }));
    await expect(client.memberships.createPaymentIntent({ plan_id: 3, offer_id: 2 })).rejects.toMatchObject({
      status: 400,
      code: 'spending_cap',
    });
  });
});
