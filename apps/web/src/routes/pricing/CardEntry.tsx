import { lazy, Suspense, type Ref } from 'react';
import { useWebConfig } from '../../frame/config-context';
import { Spinner } from '../../ui';
import type { CardEntryPort } from '@wingmate/core-sdk';
import { LocalCardForm } from './LocalCardForm';

// Stripe's code is fetched only when a checkout with a publishable key shows a card form.
const StripePaymentForm = lazy(() => import('./stripe/StripePaymentForm'));

export interface CardEntryProps {
  ref?: Ref<CardEntryPort>;
  /** What the payment charges now (0 for a free trial's card check). */
  amount: number;
  currency: string;
  disabled?: boolean;
}

/** Stripe's Payment Element when a publishable key is configured; otherwise the local provider's card form. */
export function CardEntry({ ref, amount, currency, disabled }: CardEntryProps) {
  const { stripePublishableKey } = useWebConfig();
  if (!stripePublishableKey) return <LocalCardForm ref={ref} disabled={disabled} />;
  return (
    <Suspense fallback={<Spinner label="Loading the card form" />}>
      <StripePaymentForm
        ref={ref}
        publishableKey={stripePublishableKey}
        amount={amount}
        currency={currency}
        disabled={disabled}
      />
    </Suspense>
  );
}
