import { useState } from 'react';
import { Button, Field, Spinner, useToast } from '../../../ui';
import { useClient } from '../../../stores/services';
import { formatMoney } from '../../pricing/plan-text';
import { paymentErrorMessage } from '../../pricing/payment-errors';
import { AccountSection } from '../AccountSection';
import { FormAlert } from '../FormAlert';
import { useBillingData } from './use-billing-data';

/** The contract's cap: USD as a decimal string, more than 0 and at most 100000. */
const capError = (text: string) =>
  /^\d{1,6}(\.\d{1,2})?$/.test(text.trim()) && Number(text) > 0 && Number(text) <= 100_000
    ? null
    : 'Enter an amount in dollars, such as 50 (at most 100000).';

/**
 * A monthly spending cap (decisions.md, "Plans"): per calendar month (UTC); a payment that would pass it is
 * refused, and a renewal that would pass it ends the plan at period end. Set, change or remove it.
 */
export function SpendingCapSection() {
  const { memberships } = useClient();
  const toast = useToast();
  const cap = useBillingData((signal) => memberships.getSpendingCap({ signal }));
  const [text, setText] = useState<string | null>(null);
  const [saving, setSaving] = useState<'set' | 'remove' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);

  async function save(monthlyCap: string | null) {
    setSaving(monthlyCap === null ? 'remove' : 'set');
    setError(null);
    try {
      await memberships.setSpendingCap({ monthly_cap: monthlyCap });
      toast({ tone: 'success', title: monthlyCap === null ? 'Spending cap removed' : 'Spending cap saved' });
      setText(null);
      if (cap.status !== 'loading') cap.reload();
    } catch (failure) {
      setError(paymentErrorMessage(failure));
    } finally {
      setSaving(null);
    }
  }

  if (cap.status !== 'loaded')
    return (
      <AccountSection title="Spending cap">
        {cap.status === 'loading' ? (
          <Spinner label="Loading your spending cap" />
        ) : (
          <div className="flex flex-col items-start gap-3">
            <FormAlert message="We could not load your spending cap." />
            <Button variant="secondary" size="sm" onClick={cap.reload}>
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
            const problem = capError(value);
            setFieldError(problem);
            if (!problem) void save(value.trim());
          }}
        >
          <Field
            className="sm:w-48"
            label="Monthly cap (USD)"
            inputMode="decimal"
            value={value}
            error={fieldError ?? undefined}
            onChange={(event) => {
              setText(event.target.value);
              setFieldError(null);
            }}
          />
          <Button type="submit" loading={saving === 'set'}>
            {current === null ? 'Set cap' : 'Save cap'}
          </Button>
          {current !== null && (
            <Button variant="ghost" loading={saving === 'remove'} onClick={() => void save(null)}>
              Remove cap
            </Button>
          )}
        </form>
        <FormAlert message={error} />
      </div>
    </AccountSection>
  );
}
