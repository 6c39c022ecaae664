import { act, screen, waitFor } from '@testing-library/react';
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
} from '../../../testing/pricing';
import { shown, type FakeStripe } from '../../../testing/fake-react-stripe';

// Both Stripe packages are replaced at their module boundary, so the real Stripe.js (a script from js.stripe.com)
// is never loaded: `loadStripe` answers a fake Stripe whose calls each test sets, and the React bindings are
// `testing/fake-react-stripe`.
jest.mock('@stripe/stripe-js', () => ({ loadStripe: jest.fn() }));
jest.mock('@stripe/react-stripe-js', () => jest.requireActual<object>('../../../testing/fake-react-stripe'));
const { loadStripe } = jest.requireMock<{ loadStripe: jest.Mock }>('@stripe/stripe-js');

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

/** The calls a fake Stripe (`fakeStripe`) took: its methods are jest mocks. */
function callsOf(stripe: FakeStripe) {
  return stripe as unknown as {
    createPaymentMethod: jest.Mock;
    handleNextAction: jest.Mock;
    fakeElements: { submit: jest.Mock };
  };
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
  await waitFor(() => expect(screen.queryByText('Loading the card form')).toBeNull());
  return rendered;
}

async function payWith(stripe: FakeStripe, confirms: Confirm[] = []) {
  const rendered = await openCheckout(stripe, confirms);
  await userEvent.click(screen.getByRole('button', { name: 'Pay' }));
  return rendered;
}

const payButton = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Pay' });

const DARK_QUERY = '(prefers-color-scheme: dark)';

/** The system's colour scheme as `matchMedia` reports it, switched by the test (change listeners told). */
function fakeColorScheme(initial: 'light' | 'dark') {
  let dark = initial === 'dark';
  const listeners = new Set<() => void>();
  const query = {
    media: DARK_QUERY,
    get matches() {
      return dark;
    },
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
  } as unknown as MediaQueryList;
  const others = window.matchMedia.bind(window);
  jest
    .spyOn(window, 'matchMedia')
    .mockImplementation((media) => (media === DARK_QUERY ? query : others(media)));
  return {
    switchTo(scheme: 'light' | 'dark') {
      dark = scheme === 'dark';
      listeners.forEach((listener) => listener());
    },
  };
}

/** What styles.css defines on the root in each scheme (the stylesheet itself does not load in jsdom). */
const sharedTokens = {
  '--font-sans': "'Inter Variable', ui-sans-serif, sans-serif",
  '--wm-radius-md': '0.625rem',
};
const lightTokens = {
  ...sharedTokens,
  '--wm-brand': '#be123c',
  '--wm-surface': '#ffffff',
  '--wm-ink': '#1f1a1c',
  '--wm-danger': '#b91c1c',
};
const darkTokens = {
  ...sharedTokens,
  '--wm-brand': '#fb7185',
  '--wm-surface': '#1c191a',
  '--wm-ink': '#f6f0f1',
  '--wm-danger': '#f87171',
};

function setTokens(tokens: Record<string, string>) {
  for (const [name, value] of Object.entries(tokens)) document.documentElement.style.setProperty(name, value);
}

describe("the checkout with Stripe's Payment Element (a publishable key configured)", () => {
  beforeEach(() => {
    loadStripe.mockReset();
    shown.failToLoad = false;
  });
  afterEach(() => {
    jest.restoreAllMocks();
    document.documentElement.removeAttribute('style');
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
      appearance: expect.objectContaining({ theme: 'stripe' }) as unknown,
    });
    expect(callsOf(stripe).createPaymentMethod).toHaveBeenCalledWith({ elements: stripe.fakeElements });
    expect(requestsTo(requests, 'updatePaymentMethod')[0]?.body).toEqual({
      payment_method_id: 'pm_stripe_123',
    });
    expect(requestsTo(requests, 'confirmPaymentIntent')).toHaveLength(1);
    expect(callsOf(stripe).handleNextAction).not.toHaveBeenCalled();
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
    expect(callsOf(stripe).handleNextAction).toHaveBeenCalledWith({ clientSecret: 'pi_1_secret_x' });
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
    expect(callsOf(stripe).createPaymentMethod).toHaveBeenCalledTimes(2);
    expect(requestsTo(requests, 'confirmPaymentIntent')).toHaveLength(2);
  });

  it("sends nothing while the element's own check fails (the element shows why)", async () => {
    const incomplete = fakeStripe({}, 'Your card number is incomplete.');
    const { requests } = await payWith(incomplete);
    await waitFor(() => expect(payButton().disabled).toBe(false));
    expect(callsOf(incomplete).fakeElements.submit).toHaveBeenCalled();
    expect(callsOf(incomplete).createPaymentMethod).not.toHaveBeenCalled();
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
      appearance: expect.objectContaining({ theme: 'stripe' }) as unknown,
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

  it("dresses the element in our tokens with Stripe's light or dark theme, and follows a switch of scheme", async () => {
    const scheme = fakeColorScheme('light');
    setTokens(lightTokens);
    await openCheckout(fakeStripe());
    expect(shown.elementsOptions?.appearance).toEqual({
      theme: 'stripe',
      variables: {
        colorPrimary: '#be123c',
        colorBackground: '#ffffff',
        colorText: '#1f1a1c',
        colorDanger: '#b91c1c',
        fontFamily: "'Inter Variable', ui-sans-serif, sans-serif",
        borderRadius: '10px',
      },
    });

    // The system goes dark: styles.css puts the dark tokens on the root, and the element gets them.
    setTokens(darkTokens);
    act(() => scheme.switchTo('dark'));
    expect(shown.elementsOptions?.appearance).toEqual({
      theme: 'night',
      variables: expect.objectContaining({ colorPrimary: '#fb7185', colorBackground: '#1c191a' }) as unknown,
    });
    expect(shown.elementsOptions).toMatchObject({ mode: 'payment', amount: 999 });
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
