import { useEffect, useState } from 'react';
import type { ResponseOf } from '@wingmate/core-sdk';
import { useClient } from '../../stores/services';

export type Offer = ResponseOf<'listOffers'>['results'][number];

/** Offers still running at `nowMs`. */
export const currentOffers = (offers: readonly Offer[], nowMs: number) =>
  offers.filter((offer) => offer.expires_at === null || Date.parse(offer.expires_at) > nowMs);

/**
 * The largest running offer for this plan, if any (the one sent as `offer_id` at checkout); an offer that names
 * no plan is for every plan, as the server reads it.
 */
export function offerFor(offers: readonly Offer[], planId: number, nowMs: number): Offer | undefined {
  return currentOffers(offers, nowMs)
    .filter((offer) => offer.plan_id === null || offer.plan_id === planId)
    .sort((a, b) => b.discount - a.discount)[0];
}

export interface OffersLoad {
  readonly offers: Offer[];
  /** Whether the call has answered (or failed): a page can show its plans with the offers already in place. */
  readonly settled: boolean;
}

/** The current offers (visitors too: the call is optional-auth); an empty list while loading or on failure. */
export function useOffersLoad(): OffersLoad {
  const client = useClient();
  const [load, setLoad] = useState<OffersLoad>({ offers: [], settled: false });
  useEffect(() => {
    const controller = new AbortController();
    client.account.listOffers({}, { signal: controller.signal }).then(
      (page) => setLoad({ offers: page.results, settled: true }),
      // Offers are extra: the page works without them.
      () => !controller.signal.aborted && setLoad({ offers: [], settled: true }),
    );
    return () => controller.abort();
  }, [client]);
  return load;
}

/** The current offers, an empty list until they are in (see useOffersLoad). */
export function useOffers(): Offer[] {
  return useOffersLoad().offers;
}
