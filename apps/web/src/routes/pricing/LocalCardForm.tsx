import { useImperativeHandle, useState, type Ref } from 'react';
import { CreditCard } from 'lucide-react';
import { Field } from '../../ui';
import type { CardEntryPort } from '@wingmate/core-sdk';
import {
  cardBrand,
  cardErrors,
  formatCardNumber,
  formatExpiry,
  localPaymentMethodId,
  type CardErrors,
  type CardInput,
} from './card-number';

export interface LocalCardFormProps {
  ref?: Ref<CardEntryPort>;
  disabled?: boolean;
  /** Today, for the expiry check; injected by tests. */
  now?: () => Date;
}

/**
 * The local provider's card form (docs/decisions.md#money-at-checkout): number with the Luhn check and its brand,
 * expiry, CVC. It sends `pm_local_<number>_<MMYY>`; nothing leaves the page before the person presses the pay button.
 */
export function LocalCardForm({ ref, disabled, now = () => new Date() }: LocalCardFormProps) {
  const [card, setCard] = useState<CardInput>({ number: '', expiry: '', cvc: '' });
  const [errors, setErrors] = useState<CardErrors>({});
  const brand = cardBrand(card.number);

  useImperativeHandle(
    ref,
    () => ({
      collect() {
        const found = cardErrors(card, now());
        setErrors(found);
        if (Object.keys(found).length > 0) {
          const first = (['number', 'expiry', 'cvc'] as const).find((field) => found[field]);
          document.getElementById(`card-${first}`)?.focus();
          return Promise.resolve(null);
        }
        return Promise.resolve(localPaymentMethodId(card));
      },
      async handleNextAction() {
        // The local provider settles at confirm; it never asks for a next action.
      },
    }),
    [card, now],
  );

  const update = (field: keyof CardInput, value: string) => {
    setCard((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  return (
    <fieldset className="flex flex-col gap-4" disabled={disabled}>
      <legend className="sr-only">Card details</legend>
      <div className="relative">
        <Field
          id="card-number"
          label="Card number"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          value={card.number}
          error={errors.number}
          hint={brand ?? undefined}
          onChange={(event) => update('number', formatCardNumber(event.target.value))}
        />
        <CreditCard
          aria-hidden="true"
          className="pointer-events-none absolute top-10 right-3 size-5 text-ink-muted"
        />
      </div>
      <div className="grid grid-cols-2 gap-4">
        <Field
          id="card-expiry"
          label="Expiry"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM / YY"
          value={card.expiry}
          error={errors.expiry}
          onChange={(event) => update('expiry', formatExpiry(event.target.value))}
        />
        <Field
          id="card-cvc"
          label="CVC"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder={brand === 'American Express' ? '1234' : '123'}
          maxLength={4}
          value={card.cvc}
          error={errors.cvc}
          onChange={(event) => update('cvc', event.target.value.replace(/\D/g, ''))}
        />
      </div>
    </fieldset>
  );
}
