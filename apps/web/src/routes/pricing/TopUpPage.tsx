import { useState } from 'react';
import { Link } from 'react-router-dom';
import { cheapestMessageRate, messagesFor, TOP_UP_MAX, TOP_UP_MIN, type ListState } from '@wingmate/core-sdk';
import { Button, Card, Field, Spinner } from '../../ui';
import { CardPaymentFields } from './CardPaymentFields';
import { formatMoney, type ShownPlan } from './plan-text';
import { Receipt } from './Receipt';
import { amountError } from './top-up';
import { useLoadPlans, usePlanStore } from './use-plans';
import { useTopUp } from './use-payment';

/**
 * `/checkout/top-up` (docs/web.md#routes): an amount, the messages it buys shown before paying (floor(amount /
 * the cheapest metered per-message price), as the server counts), the card, "Pay", then a receipt.
 */
export function TopUpPage() {
  useLoadPlans({ userPlans: false });
  const regular = usePlanStore((state) => state.regular) as ListState<ShownPlan>;
  const rate = cheapestMessageRate(regular.data);
  const [amountText, setAmountText] = useState('20');
  const [touched, setTouched] = useState(false);
  const payment = useTopUp();
  const { savedCard } = payment;
  const [useSaved, setUseSaved] = useState(true);
  const error = amountError(amountText);
  const amount = error ? null : Number(amountText);
  const messages = amount !== null && rate ? messagesFor(amount, rate) : null;

  if (payment.state.phase === 'paid') {
    const intent = payment.state.result;
    return (
      <div className="mx-auto w-full max-w-5xl px-gutter py-10 sm:py-14">
        <Receipt
          title="Payment received"
          lines={[
            { label: 'Messages bought', value: intent.messages },
            { label: 'Paid', value: formatMoney(intent.amount, intent.currency) },
          ]}
        />
      </div>
    );
  }

  const paying = payment.state.phase === 'paying';
  const offerSaved = savedCard !== null;
  const payingWithSaved = offerSaved && useSaved;
  const currency = rate?.currency ?? 'usd';
  const hint = `US dollars, from ${formatMoney(TOP_UP_MIN, currency)} to ${formatMoney(TOP_UP_MAX, currency)}.`;

  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-8 px-gutter py-10 sm:py-14">
      <title>Buy messages: Wingmate</title>
      <div>
        <Link to="/pricing" className="text-sm font-medium text-brand hover:underline">
          Back to pricing
        </Link>
        <h1 className="mt-2 text-3xl font-semibold text-ink sm:text-4xl">Buy messages</h1>
        <p className="mt-2 text-ink-muted">Choose an amount; messages never expire.</p>
      </div>
      {regular.status === 'failure' ? (
        <Card role="alert">The message price could not be loaded. Reload the page to try again.</Card>
      ) : !rate && regular.status !== 'success' ? (
        <Spinner label="Loading the message price" />
      ) : !rate ? (
        <Card>Message packs are not on sale right now.</Card>
      ) : (
        <Card>
          <form
            noValidate
            className="flex flex-col gap-5"
            onSubmit={(event) => {
              event.preventDefault();
              setTouched(true);
              if (amount !== null) payment.pay({ amount }, { savedCard: payingWithSaved });
            }}
          >
            <Field
              label="Amount"
              inputMode="decimal"
              value={amountText}
              onChange={(event) => setAmountText(event.target.value.replace(/[^\d.]/g, ''))}
              onBlur={() => setTouched(true)}
              error={touched ? error : undefined}
              hint={hint}
              disabled={paying}
            />
            <p aria-live="polite" className="rounded-md bg-surface-muted px-4 py-3 text-ink">
              {messages !== null ? (
                <>
                  You get <strong data-testid="top-up-messages">{messages}</strong> messages for{' '}
                  {formatMoney(amount!, currency)}.
                </>
              ) : (
                'Enter an amount to see how many messages it buys.'
              )}
            </p>
            <CardPaymentFields
              payment={payment}
              offeredCard={offerSaved ? savedCard : null}
              useSaved={useSaved}
              onUseSavedChange={setUseSaved}
              amount={amount ?? 0}
              currency={currency}
            />
            <Button type="submit" size="lg" loading={paying}>
              Pay
            </Button>
          </form>
        </Card>
      )}
    </div>
  );
}
