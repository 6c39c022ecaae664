import type { CallOptions, ResponseOf } from '../http/operation';
import type { AccountResource } from '../resources/account';
import { createStore, type ReadableStore } from './store';
import { readSide } from './read-side';

export type Offer = ResponseOf<'listOffers'>['results'][number];

/** Offers still running at `nowMs`. */
export const currentOffers = (offers: readonly Offer[], nowMs: number) =>
  offers.filter((offer) => offer.expires_at === null || Date.parse(offer.expires_at) > nowMs);

/**
 * The largest running offer for this plan, if any (the one sent as `offer_id` at checkout); an offer that names
 * no plan is for every plan, as the server reads it (docs/decisions.md#money-at-checkout).
 */
export function offerFor(offers: readonly Offer[], planId: number, nowMs: number): Offer | undefined {
  return currentOffers(offers, nowMs)
    .filter((offer) => offer.plan_id === null || offer.plan_id === planId)
    .sort((a, b) => b.discount - a.discount)[0];
}

export interface OffersState {
  readonly offers: Offer[];
  /** Whether the call has answered (or failed): a page can show its plans with the offers already in place. */
  readonly settled: boolean;
}

export interface OffersStore extends ReadableStore<OffersState> {
  /**
   * Reads the offers (visitors too: the call is optional-auth). A failure settles with no offers, since the
   * offers are extra and the page works without them; an aborted load changes nothing.
   */
  load(options?: CallOptions): Promise<void>;
}

export function createOffersStore(account: Pick<AccountResource, 'listOffers'>): OffersStore {
  const store = createStore<OffersState>({ offers: [], settled: false });

  async function load({ signal }: CallOptions = {}) {
    try {
      const page = await account.listOffers({}, { signal });
      if (!signal?.aborted) store.setState({ offers: page.results, settled: true });
    } catch {
      if (!signal?.aborted) store.setState({ offers: [], settled: true });
    }
  }

  return {
    ...readSide(store),
    load,
  };
}
