import { useSyncExternalStore } from 'react';
import { useServices } from '../../stores/services';

/** The member tests the pricing screens read (docs/product.md#ab-test-assignments). */
export type PricingAbTest = 'abtest_offer' | 'abtest_redirect';

/**
 * A test's variant from the frame's A/B engine, re-rendering when it is assigned; undefined while it is not (a
 * visitor is never in the member tests, so a visitor always gets undefined here).
 */
export function useAbVariant(name: PricingAbTest): string | undefined {
  const { abEngine } = useServices();
  const read = () => abEngine.variant(name);
  return useSyncExternalStore(abEngine.store.subscribe, read, read);
}
