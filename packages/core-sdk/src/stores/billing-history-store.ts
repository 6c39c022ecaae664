import type { Payment } from '@wingmate/api-contract';
import type { MembershipsResource } from '../resources/memberships';
import { createStore, type ReadableStore } from './store';
import { notLoaded, valueLoader, type LoadedValue } from './loaded-value';
import { readSide } from './read-side';

export type BillingHistoryState = LoadedValue<Payment[]>;

export interface BillingHistoryStore extends ReadableStore<BillingHistoryState> {
  load(): Promise<void>;
}

/** What a payment's line says of its receipt: sent, not sent although paid, or nothing (not paid). */
export type ReceiptNote = 'sent' | 'not-sent' | null;

/** Read as a string: `paid` is taken as `succeeded` too, should a provider's word reach the history. */
const isPaid = ({ status }: { status: string }) => status === 'succeeded' || status === 'paid';

/**
 * A paid charge's receipt goes to a verified e-mail address only, so a paid charge may have none
 * (docs/decisions.md#money-at-checkout).
 */
export function receiptNote(payment: { status: string; receipt_sent: boolean }): ReceiptNote {
  if (payment.receipt_sent) return 'sent';
  return isPaid(payment) ? 'not-sent' : null;
}

/**
 * The billing history: every charge, newest first as the server orders them, from its first page
 * (`memberships/payments/`; docs/decisions.md#money-at-checkout).
 */
export function createBillingHistoryStore(
  source: Pick<MembershipsResource, 'listPayments'>,
): BillingHistoryStore {
  const store = createStore<BillingHistoryState>(notLoaded());
  const load = valueLoader(store, async () => (await source.listPayments({})).results);
  return {
    ...readSide(store),
    load,
  };
}
