import type { SavedCard } from '@wingmate/core-sdk';
import { CardEntry } from './CardEntry';
import { paymentErrorMessage } from './payment-errors';
import { SavedCardChoice } from './SavedCardChoice';
import type { Payment } from './use-payment';
import { VerifyToPayDialog } from './VerifyToPayDialog';

export interface CardPaymentFieldsProps<P, R> {
  payment: Payment<P, R>;
  /** The member's saved card when this checkout offers it (null: only a new card). */
  offeredCard: SavedCard | null;
  /** Whether the saved card is chosen over a new one. */
  useSaved: boolean;
  onUseSavedChange: (useSaved: boolean) => void;
  /** What the card pays now, shown by the card form. */
  amount: number;
  currency: string;
}

/**
 * The card part of a checkout form (plan checkout and top-up): the saved card or a new one, the card entry, the
 * failed payment's message, and the request to verify the account when the server asks for it.
 */
export function CardPaymentFields<P, R>({
  payment,
  offeredCard,
  useSaved,
  onUseSavedChange,
  amount,
  currency,
}: CardPaymentFieldsProps<P, R>) {
  const paying = payment.state.phase === 'paying';
  return (
    <>
      {offeredCard && (
        <SavedCardChoice
          card={offeredCard}
          useSaved={useSaved}
          onChange={onUseSavedChange}
          disabled={paying}
        />
      )}
      {/* Kept mounted while the saved card is chosen: a 3-D Secure step of that card runs through it. */}
      <div hidden={offeredCard !== null && useSaved}>
        <CardEntry ref={payment.card} amount={amount} currency={currency} disabled={paying} />
      </div>
      <VerifyToPayDialog open={payment.state.phase === 'verify'} onClose={payment.dismissVerify} />
      {payment.state.phase === 'failed' && (
        <p role="alert" className="rounded-md bg-danger-soft px-4 py-3 text-sm font-medium text-danger">
          {paymentErrorMessage(payment.state.error)}
        </p>
      )}
    </>
  );
}
