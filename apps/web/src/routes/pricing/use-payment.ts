import { useRef, useState } from 'react';
import { isVerificationRequired } from '@wingmate/core-sdk';
import { useClient, useServices } from '../../stores/services';
import type { CardEntryHandle } from './card-entry';
import { paymentErrorMessage } from './payment-errors';
import { newAttemptKeys, SAVED_CARD, type AttemptKeys } from './payment-flow';

export type PaymentState<R> =
  | { phase: 'ready' }
  | { phase: 'paying' }
  | { phase: 'failed'; message: string }
  /** Refused until the account is verified: the page asks for the code, and the person comes back. */
  | { phase: 'verify' }
  | { phase: 'paid'; result: R };

export interface Payment<R> {
  state: PaymentState<R>;
  /** The card form's handle: give it as the form's `ref`. */
  card: React.RefObject<CardEntryHandle | null>;
  /**
   * Reads the card (or takes the saved one, `SAVED_CARD`) and runs the payment. A second press while one runs does nothing; pressing again later with
   * the same card for the same thing (`scope`) reuses that attempt's idempotency keys, so it never pays twice.
   */
  pay(scope: string, options?: { savedCard?: boolean }): Promise<void>;
  /** Back to ready after the verification request was put aside. */
  dismissVerify(): void;
}

/**
 * One checkout's payment: the card, the attempt keys, the state the page shows. On success the remaining
 * messages and the member's plans are read again, so every screen shows what was bought.
 */
export function usePayment<R>(
  run: (paymentMethodId: string, keys: AttemptKeys, card: CardEntryHandle) => Promise<R>,
): Payment<R> {
  const client = useClient();
  const { userInfo } = useServices();
  const card = useRef<CardEntryHandle | null>(null);
  const attempts = useRef(new Map<string, AttemptKeys>());
  const running = useRef(false);
  const [state, setState] = useState<PaymentState<R>>({ phase: 'ready' });

  async function pay(scope: string, { savedCard = false }: { savedCard?: boolean } = {}) {
    const entry = card.current;
    if (running.current || !entry) return;
    running.current = true;
    setState({ phase: 'paying' });
    try {
      const paymentMethodId = savedCard ? SAVED_CARD : await entry.collect();
      if (!paymentMethodId) {
        setState({ phase: 'ready' });
        return;
      }
      const attempt = `${scope}|${paymentMethodId}`;
      const keys = attempts.current.get(attempt) ?? newAttemptKeys();
      attempts.current.set(attempt, keys);
      const result = await run(paymentMethodId, keys, entry);
      setState({ phase: 'paid', result });
      // The StartTrial and Purchase conversions are reported by the API when it settles the payment (once per
      // user plan, with its own event id); a second report from here would count the conversion twice.
      void userInfo.getState().refresh();
      void client.plans.loadUserPlans().catch(() => undefined);
    } catch (error) {
      setState(
        isVerificationRequired(error)
          ? { phase: 'verify' }
          : { phase: 'failed', message: paymentErrorMessage(error) },
      );
    } finally {
      running.current = false;
    }
  }

  const dismissVerify = () =>
    setState((current) => (current.phase === 'verify' ? { phase: 'ready' } : current));
  return { state, card, pay, dismissVerify };
}
