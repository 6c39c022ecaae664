import { useImperativeHandle, useState, type Ref } from 'react';
import { PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { Spinner } from '../../../ui';
import { CardActionError, type CardEntryPort } from '@wingmate/core-sdk';
import { STRIPE_NOT_LOADED } from './load-stripe';

export interface PaymentElementEntryProps {
  ref?: Ref<CardEntryPort>;
  /** While a payment runs the element is read-only, so the card cannot change under it. */
  disabled?: boolean;
}

/**
 * The Payment Element inside `<Elements>`, and the checkout's handle on it (docs/decisions.md#money-at-checkout):
 * the element makes the payment method our API charges, and runs a 3-D Secure step the bank asks for on that charge.
 */
export function PaymentElementEntry({ ref, disabled = false }: PaymentElementEntryProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [shown, setShown] = useState<'loading' | 'ready' | 'failed'>('loading');

  useImperativeHandle(
    ref,
    () => ({
      async collect() {
        if (!stripe || !elements || shown !== 'ready')
          throw new CardActionError('The card form is still loading. Try again in a moment.');
        // The element checks its fields first and shows what is missing next to them; nothing else to say.
        const submitted = await elements.submit();
        if (submitted.error) return null;
        const made = await stripe.createPaymentMethod({ elements });
        if (made.error || !made.paymentMethod)
          throw new CardActionError(made.error?.message ?? 'Your card could not be read. Try again.');
        return made.paymentMethod.id;
      },
      async handleNextAction(clientSecret) {
        if (!stripe) throw new CardActionError('The card form is not ready yet.');
        const result = await stripe.handleNextAction({ clientSecret });
        if (result.error)
          throw new CardActionError(
            result.error.message ?? 'Your bank did not confirm the payment. Try again.',
          );
      },
    }),
    [stripe, elements, shown],
  );

  return (
    <div className="flex flex-col gap-3">
      {shown === 'loading' && <Spinner label="Loading the card form" />}
      {shown === 'failed' && (
        <p role="alert" className="text-sm font-medium text-danger">
          {STRIPE_NOT_LOADED}
        </p>
      )}
      <PaymentElement
        options={{ layout: 'tabs', readOnly: disabled }}
        onReady={() => setShown('ready')}
        onLoadError={() => setShown('failed')}
      />
    </div>
  );
}
