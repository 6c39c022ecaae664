import { useState } from 'react';
import { Button, Field, Spinner, useToast } from '../../../ui';
import { formatMoney } from '../../pricing/plan-text';
import { paymentErrorMessage } from '../../pricing/payment-errors';
import { AccountSection } from '../AccountSection';
import { FormAlert } from '../FormAlert';
import { useSectionValue, useSpendingCapStore } from './use-billing-stores';

const invalidAmountWords = 'Enter an amount in dollars, such as 50 (at most 100000).';

/**
 * A monthly spending cap (docs/decisions.md#money-at-checkout): per calendar month (UTC); a payment that would pass
 * it is refused, and a renewal that would pass it ends the plan at period end. Set, change or remove it.
 */
export function SpendingCapSection() {
  const store = useSpendingCapStore();
  const toast = useToast();
  const cap = useSectionValue(store);
  const [text, setText] = useState<string | null>(null);

  async function announceWhenSaved(done: Promise<boolean>, title: string) {
    if (!(await done)) return;
    toast({ tone: 'success', title });
    setText(null);
  }

  if (cap.status !== 'success' || cap.data === null)
    return (
      <AccountSection title="Spending cap">
        {cap.status === 'pending' ? (
          <Spinner label="Loading your spending cap" />
        ) : (
          <div className="flex flex-col items-start gap-3">
            <FormAlert message="We could not load your spending cap." />
            <Button variant="secondary" size="sm" onClick={() => void store.load()}>
              Try again
            </Button>
          </div>
        )}
      </AccountSection>
    );

  const { monthly_cap: current, spent_this_month: spent, currency } = cap.data;
  const value = text ?? (current === null ? '' : current.replace(/\.00$/, ''));
  return (
    <AccountSection
      title="Spending cap"
      description="A limit on what you can spend each calendar month. Payments past it are refused."
    >
      <div className="flex flex-col gap-4">
        <p className="text-ink">
          Spent this month: <strong className="tabular-nums">{formatMoney(Number(spent), currency)}</strong>
          {current !== null && (
            <>
              {' '}
              of your <strong className="tabular-nums">{formatMoney(Number(current), currency)}</strong> cap
            </>
          )}
          .
        </p>
        <form
          noValidate
          className="flex flex-col gap-3 sm:flex-row sm:items-end"
          onSubmit={(event) => {
            event.preventDefault();
            void announceWhenSaved(store.setCap(value), 'Spending cap saved');
          }}
        >
          <Field
            className="sm:w-48"
            label="Monthly cap (USD)"
            inputMode="decimal"
            value={value}
            error={cap.invalidAmount ? invalidAmountWords : undefined}
            onChange={(event) => {
              setText(event.target.value);
              store.dismissInvalidAmount();
            }}
          />
          <Button type="submit" loading={cap.saving === 'set'}>
            {current === null ? 'Set cap' : 'Save cap'}
          </Button>
          {current !== null && (
            <Button
              variant="ghost"
              loading={cap.saving === 'remove'}
              onClick={() => void announceWhenSaved(store.removeCap(), 'Spending cap removed')}
            >
              Remove cap
            </Button>
          )}
        </form>
        <FormAlert message={cap.saveError === null ? null : paymentErrorMessage(cap.saveError)} />
      </div>
    </AccountSection>
  );
}
