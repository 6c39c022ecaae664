import type { SpendingCap } from '@wingmate/api-contract';
import type { MembershipsResource } from '../resources/memberships';
import { createStore, type ReadableStore } from './store';
import { notLoaded, valueLoader, type LoadedValue } from './loaded-value';
import { readSide } from './read-side';

/** The highest monthly cap the server takes, in USD. */
export const MAX_SPENDING_CAP_USD = 100_000;

/**
 * A cap as the contract takes it: USD as a decimal string with at most two places, more than 0 and at most
 * 100000 (docs/decisions.md#money-at-checkout). Spaces around it are ignored.
 */
export function isValidSpendingCap(text: string): boolean {
  const amount = text.trim();
  return /^\d{1,6}(\.\d{1,2})?$/.test(amount) && Number(amount) > 0 && Number(amount) <= MAX_SPENDING_CAP_USD;
}

export interface SpendingCapState extends LoadedValue<SpendingCap> {
  /** The change being saved: a new cap or its removal. */
  saving: 'set' | 'remove' | null;
  /** Why the last save failed, as thrown; null when it did not. */
  saveError: unknown;
  /** The last cap asked for was not an amount the server takes; nothing was sent. */
  invalidAmount: boolean;
}

export interface SpendingCapStore extends ReadableStore<SpendingCapState> {
  load(): Promise<void>;
  /**
   * Sets the cap to the amount typed, when it is valid (`invalidAmount` says when not, and nothing is sent), then
   * loads the cap again. Resolves true once saved.
   */
  setCap(text: string): Promise<boolean>;
  /** Removes the cap, then loads it again. Resolves true once removed. */
  removeCap(): Promise<boolean>;
  /** The amount is being typed again: the last one's problem no longer applies. */
  dismissInvalidAmount(): void;
}

/** The monthly spending cap (docs/decisions.md#money-at-checkout): shown with what was spent, set, changed, removed. */
export function createSpendingCapStore(
  source: Pick<MembershipsResource, 'getSpendingCap' | 'setSpendingCap'>,
): SpendingCapStore {
  const store = createStore<SpendingCapState>({
    ...notLoaded(),
    saving: null,
    saveError: null,
    invalidAmount: false,
  });
  const load = valueLoader(store, () => source.getSpendingCap());

  async function save(monthlyCap: string | null): Promise<boolean> {
    store.setState({ saving: monthlyCap === null ? 'remove' : 'set', saveError: null });
    try {
      await source.setSpendingCap({ monthly_cap: monthlyCap });
      void load();
      return true;
    } catch (error) {
      store.setState({ saveError: error });
      return false;
    } finally {
      store.setState({ saving: null });
    }
  }

  function setCap(text: string): Promise<boolean> {
    const invalidAmount = !isValidSpendingCap(text);
    store.setState({ invalidAmount });
    return invalidAmount ? Promise.resolve(false) : save(text.trim());
  }

  return {
    ...readSide(store),
    load,
    setCap,
    removeCap: () => save(null),
    dismissInvalidAmount: () => store.setState({ invalidAmount: false }),
  };
}
