import { createContext, useContext, useEffect, useEffectEvent, type ReactNode } from 'react';
import type { PaymentElementProps } from '@stripe/react-stripe-js';
import type { Stripe, StripeElements, StripeElementsOptions } from '@stripe/stripe-js';

/**
 * A stand-in for `@stripe/react-stripe-js` in tests, given to `jest.mock` as the module's factory: the real Stripe.js
 * cannot load offline (it is a script from js.stripe.com, and its element is an iframe). `<Elements>` hands its
 * `stripe` on as the real one does; the element reports itself ready (or failed to load) as the real one does.
 */

/** What the test gives `loadStripe` to answer: a Stripe whose calls it sets, with the elements group it uses. */
export type FakeStripe = Stripe & { fakeElements: StripeElements };

/** What the page last gave the provider and the element, for the test to read. */
export const shown: {
  elementsOptions?: StripeElementsOptions;
  paymentElementOptions?: PaymentElementProps['options'];
  /** Set by a test: the element fails to load instead of becoming ready. */
  failToLoad: boolean;
} = { failToLoad: false };

const StripeContext = createContext<FakeStripe | null>(null);

export function Elements({
  stripe,
  options,
  children,
}: {
  stripe: FakeStripe | null;
  options?: StripeElementsOptions;
  children?: ReactNode;
}) {
  shown.elementsOptions = options;
  return <StripeContext.Provider value={stripe}>{children}</StripeContext.Provider>;
}

export const useStripe = () => useContext(StripeContext);

export const useElements = () => useContext(StripeContext)?.fakeElements ?? null;

export function PaymentElement({ options, onReady, onLoadError }: PaymentElementProps) {
  shown.paymentElementOptions = options;
  const report = useEffectEvent(() => {
    if (shown.failToLoad) onLoadError?.({ elementType: 'payment', error: { type: 'api_error' } });
    else onReady?.({} as Parameters<NonNullable<typeof onReady>>[0]);
  });
  // Once, on mount, as the real element reports.
  useEffect(() => report(), []);
  return <div data-testid="stripe-payment-element" />;
}
