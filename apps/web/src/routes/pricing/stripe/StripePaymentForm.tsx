import { useEffect, useMemo, useState, type Ref } from 'react';
import { Elements } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { Spinner } from '../../../ui';
import type { CardEntryPort } from '@wingmate/core-sdk';
import { useColorScheme } from './color-scheme';
import { elementsOptions } from './elements-options';
import { STRIPE_NOT_LOADED, stripeFor } from './load-stripe';
import { PaymentElementEntry } from './PaymentElementEntry';
import { stripeAppearance } from './stripe-appearance';

export interface StripePaymentFormProps {
  ref?: Ref<CardEntryPort>;
  publishableKey: string;
  /** What the payment will charge, in currency units; a free trial saves the card without charging (0). */
  amount: number;
  currency: string;
  disabled?: boolean;
}

/**
 * Stripe's Payment Element (docs/decisions.md#money-at-checkout), used when a publishable key is configured. This
 * module, and with it `@stripe/stripe-js` and `@stripe/react-stripe-js`, is loaded only by the checkout, and only with
 * a key.
 */
export default function StripePaymentForm({
  ref,
  publishableKey,
  amount,
  currency,
  disabled,
}: StripePaymentFormProps) {
  const [stripe, setStripe] = useState<Stripe | null>(null);
  const [failed, setFailed] = useState(false);
  const scheme = useColorScheme();
  // Read once per scheme: the tokens change with it, and Elements passes a new appearance to the iframe.
  const options = useMemo(
    () => ({ ...elementsOptions(amount, currency), appearance: stripeAppearance(scheme) }),
    [amount, currency, scheme],
  );

  useEffect(() => {
    let cancelled = false;
    stripeFor(publishableKey).then(
      (loaded) => !cancelled && setStripe(loaded),
      () => !cancelled && setFailed(true),
    );
    return () => {
      cancelled = true;
    };
  }, [publishableKey]);

  if (failed)
    return (
      <p role="alert" className="text-sm font-medium text-danger">
        {STRIPE_NOT_LOADED}
      </p>
    );
  if (!stripe) return <Spinner label="Loading the card form" />;
  return (
    // Elements takes its Stripe instance once; a new key gets a new provider.
    <Elements key={publishableKey} stripe={stripe} options={options}>
      <PaymentElementEntry ref={ref} disabled={disabled} />
    </Elements>
  );
}
