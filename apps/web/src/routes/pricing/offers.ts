import { useEffect } from 'react';
import { useStore } from 'zustand';
import { createOffersStore, type Offer, type OffersState } from '@wingmate/core-sdk';
import { useScreenStore } from '../../stores/screen-store';

/**
 * The current offers (core-sdk's offers store, read while the screen is shown): an empty list while loading or
 * on failure, and `settled` once the call has answered.
 */
export function useOffersLoad(): OffersState {
  const store = useScreenStore((client) => createOffersStore(client.account));
  useEffect(() => {
    const controller = new AbortController();
    void store.load({ signal: controller.signal });
    return () => controller.abort();
  }, [store]);
  return useStore(store);
}

/** The current offers, an empty list until they are in (see useOffersLoad). */
export function useOffers(): Offer[] {
  return useOffersLoad().offers;
}
