import { useEffect, useRef } from 'react';
import { useStore } from 'zustand';
import {
  createCheckoutStore,
  createTopUpStore,
  type CardEntryPort,
  type CardPaymentOptions,
  type CardPaymentStore,
  type DynamicPaymentIntent,
  type PaymentState,
  type PlanPaid,
  type PlanPurchase,
  type SavedCard,
  type TopUpPurchase,
  type WingmateClient,
} from '@wingmate/core-sdk';
import { useScreenStore } from '../../stores/screen-store';

export interface Payment<P, R> {
  state: PaymentState<R>;
  /** The member's saved card, or null when there is none (or it could not be read: then a new card is asked for). */
  savedCard: SavedCard | null;
  /** The card form's handle: give it as the form's `ref`. */
  card: React.RefObject<CardEntryPort | null>;
  /**
   * Reads the card (or takes the saved one) and pays for `purchase`, by the store's rules: a second press while
   * one runs does nothing, and a press again later with the same card for the same purchase never pays twice.
   */
  pay(purchase: P, options?: { savedCard?: boolean }): void;
  /** Back to ready after the verification request was put aside. */
  dismissVerify: () => void;
}

/** A checkout screen's binding of its payment store; the saved card is read while the screen is shown. */
function usePayment<P, R>(store: CardPaymentStore<P, R>): Payment<P, R> {
  const card = useRef<CardEntryPort | null>(null);
  const state = useStore(store, (current) => current.payment);
  const savedCard = useStore(store, (current) => current.savedCard);
  useEffect(() => {
    const controller = new AbortController();
    void store.loadSavedCard({ signal: controller.signal });
    return () => controller.abort();
  }, [store]);

  function pay(purchase: P, { savedCard = false }: { savedCard?: boolean } = {}) {
    const entry = card.current;
    if (entry) void store.pay(purchase, { card: entry, savedCard });
  }

  return { state, savedCard, card, pay, dismissVerify: () => store.dismissVerify() };
}

/**
 * The payment store of one screen, living as long as it does (its attempt keys with it). Once paid, the remaining
 * messages are read again beside the member's plans, so every screen shows what was bought.
 */
function useScreenPaymentStore<S>(create: (client: WingmateClient, options: CardPaymentOptions) => S): S {
  return useScreenStore((client, { userInfo }) =>
    create(client, { onPaid: () => void userInfo.getState().refresh() }),
  );
}

/** A plan checkout's payment (core-sdk's checkout store). */
export const useCheckout = (): Payment<PlanPurchase, PlanPaid> =>
  usePayment(useScreenPaymentStore(createCheckoutStore));

/** A top-up's payment (core-sdk's top-up store). */
export const useTopUp = (): Payment<TopUpPurchase, DynamicPaymentIntent> =>
  usePayment(useScreenPaymentStore(createTopUpStore));
