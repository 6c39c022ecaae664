import { isVerificationRequired } from '../errors/api-error';
import type { CallOptions, ResponseOf } from '../http/operation';
import type { MembershipsResource } from '../resources/memberships';
import type { CardEntryPort } from './card-entry-port';
import { newAttemptKeys, SAVED_CARD, type AttemptKeys, type PaymentAttempt } from './payment-attempt';
import { createStore, type ReadableStore } from './store';
import { readSide } from './read-side';

export type SavedCard = NonNullable<ResponseOf<'getPaymentMethod'>>;

export type PaymentState<R> =
  | { phase: 'ready' }
  | { phase: 'paying' }
  /**
   * Why, for the screen to put in words: the server's `ApiError` (a decline, the trial rule, the spending cap, no
   * connection), a `CardActionError` with the card form's or the bank's words, or whatever else was thrown.
   * Nothing was charged in any of these cases.
   */
  | { phase: 'failed'; error: unknown }
  /** Refused until the account is verified (403 `verification_required`): ask for the code, then come back. */
  | { phase: 'verify' }
  | { phase: 'paid'; result: R };

export interface CardPaymentState<R> {
  payment: PaymentState<R>;
  /** The member's saved card, or null when there is none or it could not be read (then a new card is asked). */
  savedCard: SavedCard | null;
}

/** Where a card payment's shared calls go: the saved card, and the member's plans read again once paid. */
export interface CardPaymentSource {
  memberships: Pick<MembershipsResource, 'getPaymentMethod'>;
  plans: { loadUserPlans(): Promise<unknown> };
}

export interface CardPaymentOptions {
  /**
   * Called once a payment has succeeded, beside the store's own reload of the member's plans: the app reads its
   * other account state again (the remaining messages), so every screen shows what was bought.
   */
  onPaid?: () => void;
}

export interface PayOptions {
  /** The card form: it reads a new card, and runs a 3-D Secure step the bank asks for on either card. */
  card: CardEntryPort;
  /** Pay with the saved card instead of reading the form. */
  savedCard?: boolean;
}

export interface CardPaymentStore<P, R> extends ReadableStore<CardPaymentState<R>> {
  /**
   * Reads the card (or takes the saved one) and pays for `purchase`. A second call while one runs does nothing;
   * paying again later with the same card for the same purchase reuses that attempt's idempotency keys, so it
   * never pays twice; another card or purchase is a new attempt with new keys (docs/decisions.md#money-at-checkout).
   */
  pay(purchase: P, options: PayOptions): Promise<void>;
  /** Back to ready after the verification request was put aside. */
  dismissVerify(): void;
  /** Reads the saved card into the state; a failure leaves it null, so a new card is asked for. */
  loadSavedCard(options?: CallOptions): Promise<void>;
}

/** What one purchase is: the key its attempts are kept under, and its requests once the card is known. */
export interface Purchase<P, R> {
  scope(purchase: P): string;
  run(purchase: P, attempt: PaymentAttempt): Promise<R>;
}

/** The card payment shared by the plan checkout and the top-up: the card, the attempt keys, the state shown. */
export function createCardPaymentStore<P, R>(
  source: CardPaymentSource,
  purchase: Purchase<P, R>,
  { onPaid }: CardPaymentOptions = {},
): CardPaymentStore<P, R> {
  const store = createStore<CardPaymentState<R>>({ payment: { phase: 'ready' }, savedCard: null });
  const attempts = new Map<string, AttemptKeys>();
  const setPayment = (payment: PaymentState<R>) => store.setState({ payment });

  function keysFor(attempt: string): AttemptKeys {
    const keys = attempts.get(attempt) ?? newAttemptKeys();
    attempts.set(attempt, keys);
    return keys;
  }

  async function pay(bought: P, { card, savedCard = false }: PayOptions): Promise<void> {
    if (store.getState().payment.phase === 'paying') return;
    setPayment({ phase: 'paying' });
    try {
      const paymentMethodId = savedCard ? SAVED_CARD : await card.collect();
      if (!paymentMethodId) {
        setPayment({ phase: 'ready' });
        return;
      }
      const keys = keysFor(`${purchase.scope(bought)}|${paymentMethodId}`);
      const result = await purchase.run(bought, { paymentMethodId, keys, card });
      setPayment({ phase: 'paid', result });
      // The StartTrial and Purchase conversions are reported by the API when it settles the payment (once per
      // user plan, with its own event id: docs/decisions.md#calls); a second report from here would count twice.
      onPaid?.();
      void source.plans.loadUserPlans().catch(() => undefined);
    } catch (error) {
      setPayment(isVerificationRequired(error) ? { phase: 'verify' } : { phase: 'failed', error });
    }
  }

  function dismissVerify() {
    if (store.getState().payment.phase === 'verify') setPayment({ phase: 'ready' });
  }

  async function loadSavedCard({ signal }: CallOptions = {}) {
    try {
      const savedCard = await source.memberships.getPaymentMethod({ signal });
      if (!signal?.aborted) store.setState({ savedCard });
    } catch {
      // Unreadable is the same as none: the form asks for a new card.
    }
  }

  return {
    ...readSide(store),
    pay,
    dismissVerify,
    loadSavedCard,
  };
}
