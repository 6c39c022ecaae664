import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { Spinner } from '../../../ui';
import { CardActionError, type CardEntryHandle } from '../card-entry';
import { loadStripe, type Stripe, type StripeElements } from './stripe-js';

export interface StripePaymentFormProps {
  ref?: Ref<CardEntryHandle>;
  publishableKey: string;
  /** What the payment will charge, in currency units; a free trial saves the card without charging (0). */
  amount: number;
  currency: string;
}

const toCents = (amount: number) => Math.round(amount * 100);

/**
 * Stripe's Payment Element (screens.md, "Payments"), used when a publishable key is configured. The element
 * makes the payment method, our API charges it, and a 3-D Secure step the bank asks for runs through
 * `handleNextAction`. This module is loaded only by the checkout, and only with a key.
 */
export default function StripePaymentForm({ ref, publishableKey, amount, currency }: StripePaymentFormProps) {
  const mountPoint = useRef<HTMLDivElement>(null);
  const [stripe, setStripe] = useState<{ stripe: Stripe; elements: StripeElements } | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    let destroy: (() => void) | undefined;
    loadStripe(publishableKey).then(
      (loaded) => {
        if (cancelled || !mountPoint.current) return;
        const elements = loaded.elements({
          mode: amount > 0 ? 'payment' : 'setup',
          ...(amount > 0 ? { amount: toCents(amount) } : {}),
          currency: currency.toLowerCase(),
          paymentMethodCreation: 'manual',
        });
        const element = elements.create('payment', { layout: 'tabs' });
        element.mount(mountPoint.current);
        destroy = () => element.destroy();
        setStripe({ stripe: loaded, elements });
      },
      () =>
        !cancelled &&
        setError('The card form could not be loaded. Check your connection and reload the page.'),
    );
    return () => {
      cancelled = true;
      destroy?.();
    };
  }, [publishableKey, amount, currency]);

  useImperativeHandle(
    ref,
    () => ({
      async collect() {
        if (!stripe) return null;
        const submitted = await stripe.elements.submit();
        // The element shows its own field errors; nothing else to say.
        if (submitted.error) return null;
        const made = await stripe.stripe.createPaymentMethod({ elements: stripe.elements });
        if (made.error || !made.paymentMethod)
          throw new CardActionError(made.error?.message ?? 'Your card could not be read. Try again.');
        return made.paymentMethod.id;
      },
      async handleNextAction(clientSecret) {
        if (!stripe) throw new CardActionError('The card form is not ready yet.');
        const result = await stripe.stripe.handleNextAction({ clientSecret });
        if (result.error)
          throw new CardActionError(
            result.error.message ?? 'Your bank did not confirm the payment. Try again.',
          );
      },
    }),
    [stripe],
  );

  return (
    <div>
      {!stripe && !error && <Spinner label="Loading the card form" />}
      {error && (
        <p role="alert" className="text-sm font-medium text-danger">
          {error}
        </p>
      )}
      <div ref={mountPoint} data-testid="stripe-payment-element" />
    </div>
  );
}
