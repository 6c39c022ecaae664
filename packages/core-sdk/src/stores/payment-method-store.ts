import type { MembershipsResource } from '../resources/memberships';
import { createStore, type ReadableStore } from './store';
import { notLoaded, valueLoader, type LoadedValue } from './loaded-value';
import type { CardEntryPort } from './card-entry-port';
import type { SavedCard } from './card-payment-store';
import { readSide } from './read-side';

/** Saving a card on file only reads the card form; no payment follows, so no 3-D Secure step. */
export type CardCollector = Pick<CardEntryPort, 'collect'>;

/** The card on file (null: none saved), and the saving of a new one. */
export interface PaymentMethodState extends LoadedValue<SavedCard | null> {
  saving: boolean;
  /** Why the last save failed, as thrown (the API's error or the card form's); null when it did not. */
  saveError: unknown;
}

export interface PaymentMethodStore extends ReadableStore<PaymentMethodState> {
  load(): Promise<void>;
  /**
   * Saves the card the collector gives as the one future payments use, then loads the card on file again.
   * Resolves true once saved; false when the entry was not complete, a save was already running, or it failed.
   */
  saveCard(card: CardCollector): Promise<boolean>;
  dismissSaveError(): void;
}

/** The account's card on file: shown, added or replaced (`memberships/payment-method/`). */
export function createPaymentMethodStore(
  source: Pick<MembershipsResource, 'getPaymentMethod' | 'updatePaymentMethod'>,
): PaymentMethodStore {
  const store = createStore<PaymentMethodState>({ ...notLoaded(), saving: false, saveError: null });
  const load = valueLoader(store, () => source.getPaymentMethod());

  async function saveCard(card: CardCollector): Promise<boolean> {
    if (store.getState().saving) return false;
    store.setState({ saving: true, saveError: null });
    try {
      const paymentMethodId = await card.collect();
      if (!paymentMethodId) return false;
      await source.updatePaymentMethod({ payment_method_id: paymentMethodId });
      void load();
      return true;
    } catch (error) {
      store.setState({ saveError: error });
      return false;
    } finally {
      store.setState({ saving: false });
    }
  }

  return {
    ...readSide(store),
    load,
    saveCard,
    dismissSaveError: () => store.setState({ saveError: null }),
  };
}
