import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StripeElements } from '@stripe/stripe-js';
import {
  call,
  monthlyTrial,
  pack50,
  page,
  renderPricing,
  requestsTo,
  userPlan,
  type Plan,
} from '../pricing-fixtures';
import { shown, type FakeStripe } from './fake-react-stripe';

// Both Stripe packages are replaced at their module boundary, so the real Stripe.js (a script from js.stripe.com)
// is never loaded: `loadStripe` answers a fake Stripe whose calls each test sets, and the React bindings are
// `./fake-react-stripe`.
jest.mock('@stripe/stripe-js', () => ({ loadStripe: jest.fn() }));
jest.mock('@stripe/react-stripe-js', () => jest.requireActual('./fake-react-stripe'));
const { loadStripe } = jest.requireMock('@stripe/stripe-js') as { loadStripe: jest.Mock };

function fakeStripe(overrides: Partial<FakeStripe> = {}, fieldError?: string): FakeStripe {
  const fakeElements = {
    submit: jest.fn(async () =>
      fieldError ? { error: { type: 'validation_error', message: fieldError } } : {},
    ),
  } as unknown as StripeElements;
  return {
    fakeElements,
    createPaymentMethod: jest.fn(async () => ({ paymentMethod: { id: 'pm_stripe_123' } })),
    handleNextAction: jest.fn(async () => ({ paymentIntent: { status: 'requires_confirmation' } })),
    ...overrides,
  } as unknown as FakeStripe;
}

function intentFor(of: Plan, amount: number) {
  return {
    payment_intent_id: 'pi_1',
    client_secret: 'pi_1_secret_x',
    amount,
    currency: 'usd',
    provider: 'stripe',
    user_plan: userPlan(of, { id: 90, is_active: false, status: 'incomplete', complete: false }),
  };
}

type Confirm = { status: string } | { error: number; code: string };

/** The API of a pack purchase whose confirm answers `confirms` in turn (then `succeeded`). */
function routes(confirms: Confirm[]) {
  return {
    [call('listPlans')]: page([pack50]),
    [call('listFreeTrialPlans')]: page([monthlyTrial]),
    [call('updatePaymentMethod')]: {
      data: { payment_method_id: 'pm_stripe_123', brand: 'visa', last4: '4242' },
    },
    [call('verifyCard')]: { data: { verified: true, amount: 1, currency: 'usd' } },
    [call('createPaymentIntent')]: { status: 201, data: intentFor(pack50, 9.99) },
    [call('confirmPaymentIntent')]: () => {
      const next = confirms.shift() ?? { status: 'succeeded' };
      if ('error' in next) return { status: next.error, data: { detail: 'Declined.', code: next.code } };
      return { data: { status: next.status, user_plan: userPlan(pack50, { id: 90 }) } };
    },
  };
}

// `stripeFor` keeps one Stripe per key for the page's life, so each test uses a key of its own.
let keys = 0;
const withNewKey = () => ({ config: { stripePublishableKey: `pk_test_${++keys}` } });

async function openCheckout(stripe: FakeStripe, confirms: Confirm[] = [], path = '/checkout/1') {
  loadStripe.mockResolvedValue(stripe);
  const rendered = renderPricing(path, routes(confirms), withNewKey());
  await screen.findByTestId('stripe-payment-element');
  await waitFor(() => expect(screen.queryByRole('status', { name: 'Loading the card form' })).toBeNull());
  return rendered;
}

async function payWith(stripe: FakeStripe, confirms: Confirm[] = []) {
  const rendered = await openCheckout(stripe, confirms);
  await userEvent.click(screen.getByRole('button', { name: 'Pay' }));
  return rendered;
}

const payButton = () => screen.getByRole('button', { name: 'Pay' }) as HTMLButtonElement;

describe("the checkout with Stripe's Payment Element (a publishable key configured)", () => {
  beforeEach(() => {
    loadStripe.mockReset();
    shown.failToLoad = false;
  });

  it('loads Stripe with the key, shows the element for the amount, and pays with the payment method it makes', async () => {
    const stripe = fakeStripe();
    const { requests } = await payWith(stripe);
    expect(await screen.findByRole('heading', { name: 'Payment received' })).toBeTruthy();
    expect(loadStripe).toHaveBeenCalledWith(`pk_test_${keys}`);
    expect(shown.elementsOptions).toEqual({
      mode: 'payment',
      amount: 999,
      currency: 'usd',
      paymentMethodCreation: 'manual',
    });
    expect(stripe.createPaymentMethod).toHaveBeenCalledWith({ elements: stripe.fakeElements });
    expect(requestsTo(requests, 'updatePaymentMethod')[0]?.body).toEqual({
      payment_method_id: 'pm_stripe_123',
    });
    expect(requestsTo(requests, 'confirmPaymentIntent')).toHaveLength(1);
    expect(stripe.handleNextAction).not.toHaveBeenCalled();
  });

  it('keeps the element read-only while the payment runs', async () => {
    let release!: () => void;
    const stripe = fakeStripe({
      createPaymentMethod: jest.fn(
        () =>
          new Promise((resolve) => {
            release = () => resolve({ paymentMethod: { id: 'pm_stripe_123' } });
          }),
      ) as unknown as FakeStripe['createPaymentMethod'],
    });
    await openCheckout(stripe);
    expect(shown.paymentElementOptions).toEqual({ layout: 'tabs', readOnly: false });
    await userEvent.click(payButton());
    await waitFor(() => expect(shown.paymentElementOptions?.readOnly).toBe(true));
    release();
    expect(await screen.findByRole('heading', { name: 'Payment received' })).toBeTruthy();
  });

  it('runs the 3-D Secure next action when the intent asks for one, then confirms again', async () => {
    const stripe = fakeStripe();
    const { requests } = await payWith(stripe, [{ status: 'requires_action' }, { status: 'succeeded' }]);
    expect(await screen.findByRole('heading', { name: 'Payment received' })).toBeTruthy();
    expect(stripe.handleNextAction).toHaveBeenCalledWith({ clientSecret: 'pi_1_secret_x' });
    const confirms = requestsTo(requests, 'confirmPaymentIntent');
    expect(confirms).toHaveLength(2);
    expect(confirms[1]?.headers['idempotency-key']).not.toBe(confirms[0]?.headers['idempotency-key']);
  });

  it("shows the bank's refusal of the next action in its words and keeps the form", async () => {
    const stripe = fakeStripe({
      handleNextAction: jest.fn(async () => ({
        error: { type: 'card_error', message: 'We are unable to authenticate your payment method.' },
      })) as unknown as FakeStripe['handleNextAction'],
    });
    const { requests } = await payWith(stripe, [{ status: 'requires_action' }]);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'We are unable to authenticate your payment method.',
    );
    expect(requestsTo(requests, 'confirmPaymentIntent')).toHaveLength(1);
    expect(screen.getByTestId('stripe-payment-element')).toBeTruthy();
    expect(payButton().disabled).toBe(false);
    expect(shown.paymentElementOptions?.readOnly).toBe(false);
  });

  it('shows a decline in words, keeps the form, and lets the person pay again', async () => {
    const stripe = fakeStripe();
    const { requests } = await payWith(stripe, [{ error: 402, code: 'card_declined' }]);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your card was declined. Try another card, or ask your bank why.',
    );
    expect(screen.queryByRole('heading', { name: 'Payment received' })).toBeNull();
    expect(screen.getByTestId('stripe-payment-element')).toBeTruthy();
    await userEvent.click(payButton());
    expect(await screen.findByRole('heading', { name: 'Payment received' })).toBeTruthy();
    expect(stripe.createPaymentMethod).toHaveBeenCalledTimes(2);
    expect(requestsTo(requests, 'confirmPaymentIntent')).toHaveLength(2);
  });

  it("sends nothing while the element's own check fails (the element shows why)", async () => {
    const incomplete = fakeStripe({}, 'Your card number is incomplete.');
    const { requests } = await payWith(incomplete);
    await waitFor(() => expect(payButton().disabled).toBe(false));
    expect(incomplete.fakeElements.submit).toHaveBeenCalled();
    expect(incomplete.createPaymentMethod).not.toHaveBeenCalled();
    expect(requestsTo(requests, 'updatePaymentMethod')).toHaveLength(0);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows an error making the payment method, and sends nothing', async () => {
    const failing = fakeStripe({
      createPaymentMethod: jest.fn(async () => ({
        error: { type: 'card_error', message: 'Your card number is invalid.' },
      })) as unknown as FakeStripe['createPaymentMethod'],
    });
    const { requests } = await payWith(failing);
    expect((await screen.findByRole('alert')).textContent).toBe('Your card number is invalid.');
    expect(requestsTo(requests, 'updatePaymentMethod')).toHaveLength(0);
  });

  it("checks a free trial's card in setup mode and sends its payment method to the card check", async () => {
    const stripe = fakeStripe();
    const { requests } = await openCheckout(stripe, [], `/checkout/${monthlyTrial.id}`);
    expect(shown.elementsOptions).toEqual({
      mode: 'setup',
      currency: 'usd',
      paymentMethodCreation: 'manual',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Start free trial' }));
    await waitFor(() => expect(requestsTo(requests, 'verifyCard')).toHaveLength(1));
    expect(requestsTo(requests, 'verifyCard')[0]?.body).toEqual({
      payment_method_id: 'pm_stripe_123',
      amount: 1,
    });
  });

  it('says so when Stripe.js cannot be loaded, and tries again on the next visit', async () => {
    loadStripe.mockRejectedValueOnce(new Error('Failed to load Stripe.js'));
    const config = withNewKey();
    renderPricing('/checkout/1', routes([]), config);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The card form could not be loaded. Check your connection and reload the page.',
    );
    loadStripe.mockResolvedValueOnce(fakeStripe());
    renderPricing('/checkout/1', routes([]), config);
    expect(await screen.findByTestId('stripe-payment-element')).toBeTruthy();
    expect(loadStripe).toHaveBeenCalledTimes(2);
  });

  it('says so when the element itself cannot be loaded', async () => {
    shown.failToLoad = true;
    loadStripe.mockResolvedValue(fakeStripe());
    renderPricing('/checkout/1', routes([]), withNewKey());
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The card form could not be loaded. Check your connection and reload the page.',
    );
  });
});
