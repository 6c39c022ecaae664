import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { call, pack50, page, renderPricing, requestsTo, userPlan } from '../pricing-fixtures';
import type { Stripe, StripeElements } from './stripe-js';

// Stripe.js is replaced at its module boundary: the loader answers a fake Stripe whose calls each test sets.
jest.mock('./stripe-js', () => ({ loadStripe: jest.fn() }));
const { loadStripe } = jest.requireMock('./stripe-js') as { loadStripe: jest.Mock };

interface FakeStripe extends Stripe {
  mounted: HTMLElement[];
  elementsOptions: unknown[];
}

function fakeStripe(overrides: Partial<Stripe> = {}, submitError?: string): FakeStripe {
  const mounted: HTMLElement[] = [];
  const elementsOptions: unknown[] = [];
  const elements: StripeElements = {
    create: () => ({
      mount: (node) => void mounted.push(node),
      destroy: () => undefined,
      on: () => undefined,
    }),
    submit: async () => (submitError ? { error: { type: 'validation_error', message: submitError } } : {}),
  };
  return {
    mounted,
    elementsOptions,
    elements: (options) => {
      elementsOptions.push(options);
      return elements;
    },
    createPaymentMethod: jest.fn(async () => ({ paymentMethod: { id: 'pm_stripe_123' } })),
    handleNextAction: jest.fn(async () => ({})),
    ...overrides,
  };
}

const intent = {
  payment_intent_id: 'pi_1',
  client_secret: 'pi_1_secret_x',
  amount: 9.99,
  currency: 'usd',
  provider: 'stripe',
  user_plan: userPlan(pack50, { id: 90, is_active: false, status: 'incomplete', complete: false }),
};

function routes(confirmStatuses: string[]) {
  return {
    [call('listPlans')]: page([pack50]),
    [call('listFreeTrialPlans')]: page([]),
    [call('updatePaymentMethod')]: {
      data: { payment_method_id: 'pm_stripe_123', brand: 'visa', last4: '4242' },
    },
    [call('createPaymentIntent')]: { status: 201, data: intent },
    [call('confirmPaymentIntent')]: () => ({
      data: { status: confirmStatuses.shift() ?? 'succeeded', user_plan: userPlan(pack50, { id: 90 }) },
    }),
  };
}

const withKey = { config: { stripePublishableKey: 'pk_test_123' } };

async function payWith(stripe: FakeStripe, confirmStatuses: string[] = ['succeeded']) {
  loadStripe.mockResolvedValue(stripe);
  const rendered = renderPricing('/checkout/1', routes(confirmStatuses), withKey);
  await waitFor(() => expect(stripe.mounted).toHaveLength(1));
  await userEvent.click(screen.getByRole('button', { name: 'Pay' }));
  return rendered;
}

describe("the checkout with Stripe's Payment Element (a publishable key configured)", () => {
  beforeEach(() => loadStripe.mockReset());

  it('loads Stripe with the key, mounts the element for the amount, and pays with the payment method it makes', async () => {
    const stripe = fakeStripe();
    const { requests } = await payWith(stripe);
    expect(await screen.findByRole('heading', { name: 'Payment received' })).toBeTruthy();
    expect(loadStripe).toHaveBeenCalledWith('pk_test_123');
    expect(stripe.elementsOptions).toEqual([
      { mode: 'payment', amount: 999, currency: 'usd', paymentMethodCreation: 'manual' },
    ]);
    expect(screen.queryByRole('textbox', { name: 'Card number' })).toBeNull();
    expect(requestsTo(requests, 'updatePaymentMethod')[0]?.body).toEqual({
      payment_method_id: 'pm_stripe_123',
    });
    expect(stripe.handleNextAction).not.toHaveBeenCalled();
  });

  it('runs the 3-D Secure next action when the intent asks for one, then confirms again', async () => {
    const stripe = fakeStripe();
    const { requests } = await payWith(stripe, ['requires_action', 'succeeded']);
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
      })),
    });
    const { requests } = await payWith(stripe, ['requires_action']);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'We are unable to authenticate your payment method.',
    );
    expect(requestsTo(requests, 'confirmPaymentIntent')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Pay' })).toBeTruthy();
  });

  it("sends nothing while the element's own check fails (the element shows why)", async () => {
    const incomplete = fakeStripe({}, 'Your card number is incomplete.');
    const { requests } = await payWith(incomplete);
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Pay' }) as HTMLButtonElement).disabled).toBe(false),
    );
    expect(incomplete.createPaymentMethod).not.toHaveBeenCalled();
    expect(requestsTo(requests, 'updatePaymentMethod')).toHaveLength(0);
  });

  it('shows an error making the payment method, and sends nothing', async () => {
    const failing = fakeStripe({
      createPaymentMethod: jest.fn(async () => ({
        error: { type: 'card_error', message: 'Your card number is incomplete.' },
      })),
    });
    const { requests } = await payWith(failing);
    expect((await screen.findByRole('alert')).textContent).toBe('Your card number is incomplete.');
    expect(requestsTo(requests, 'updatePaymentMethod')).toHaveLength(0);
  });

  it('says so when Stripe.js cannot be loaded', async () => {
    loadStripe.mockRejectedValue(new Error('blocked'));
    renderPricing('/checkout/1', routes([]), withKey);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The card form could not be loaded. Check your connection and reload the page.',
    );
  });
});
