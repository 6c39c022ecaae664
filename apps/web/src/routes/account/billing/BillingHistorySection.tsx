import { receiptNote, type ReceiptNote } from '@wingmate/core-sdk';
import { Badge, Button, Spinner, type BadgeTone } from '../../../ui';
import { formatDay, formatMoney } from '../../pricing/plan-text';
import { AccountSection } from '../AccountSection';
import { FormAlert } from '../FormAlert';
import { useBillingHistoryStore, useSectionValue } from './use-billing-stores';

const statusWords: Record<string, { label: string; tone: BadgeTone }> = {
  succeeded: { label: 'Paid', tone: 'success' },
  paid: { label: 'Paid', tone: 'success' },
  refunded: { label: 'Refunded', tone: 'neutral' },
  failed: { label: 'Failed', tone: 'danger' },
  pending: { label: 'Pending', tone: 'neutral' },
};

const receiptWords: Record<NonNullable<ReceiptNote>, string> = {
  sent: 'Receipt sent',
  'not-sent': 'No receipt sent',
};

/**
 * Every payment, newest first: date, what it was for, amount, status and whether its receipt went out
 * (`memberships/payments/`; docs/decisions.md#money-at-checkout).
 */
export function BillingHistorySection() {
  const store = useBillingHistoryStore();
  const payments = useSectionValue(store);
  return (
    <AccountSection
      title="Billing history"
      description="Your payments. A receipt for each goes to your e-mail address once it is verified."
    >
      {payments.status === 'pending' ? (
        <Spinner label="Loading your payments" />
      ) : payments.status === 'failure' ? (
        <div className="flex flex-col items-start gap-3">
          <FormAlert message="We could not load your payments." />
          <Button variant="secondary" size="sm" onClick={() => void store.load()}>
            Try again
          </Button>
        </div>
      ) : !payments.data?.length ? (
        <p className="text-ink-muted">No payments yet.</p>
      ) : (
        // Narrow screens scroll the table sideways: the scroller takes focus so a keyboard can scroll it too.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be focusable to be scrolled by keyboard (axe: scrollable-region-focusable)
        <div className="-mx-2 overflow-x-auto" tabIndex={0} role="region" aria-label="Payments table">
          <table className="w-full min-w-[20rem] text-left text-sm">
            <caption className="sr-only">Payments, newest first</caption>
            <thead className="text-ink-muted">
              <tr>
                <th scope="col" className="px-2 py-2 font-medium">
                  Date
                </th>
                <th scope="col" className="px-2 py-2 font-medium">
                  For
                </th>
                <th scope="col" className="px-2 py-2 text-right font-medium">
                  Amount
                </th>
                <th scope="col" className="px-2 py-2 font-medium">
                  Status
                </th>
              </tr>
            </thead>
            <tbody className="text-ink">
              {payments.data.map((payment) => {
                const status = statusWords[payment.status] ?? {
                  label: payment.status,
                  tone: 'neutral' as const,
                };
                const note = receiptNote(payment);
                const receipt = note && receiptWords[note];
                return (
                  <tr key={payment.id} className="border-t border-line">
                    <td className="px-2 py-2.5 whitespace-nowrap">{formatDay(payment.created_at)}</td>
                    <td className="px-2 py-2.5">
                      {payment.description}
                      {receipt && <span className="mt-0.5 block text-xs text-ink-muted">{receipt}</span>}
                    </td>
                    <td className="px-2 py-2.5 text-right tabular-nums">
                      {formatMoney(payment.amount, payment.currency)}
                    </td>
                    <td className="px-2 py-2.5">
                      <Badge tone={status.tone}>{status.label}</Badge>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </AccountSection>
  );
}
