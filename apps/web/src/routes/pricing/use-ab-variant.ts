import { useSyncExternalStore } from 'react';
import { defaultAbTests, pickVariant, type AbEngine } from '@wingmate/ab-engine';
import { useClient, useServices } from '../../stores/services';

/** The member tests the pricing screens read (decisions.md, "A/B tests"). */
export type PricingAbTest = 'abtest_offer' | 'abtest_redirect';

type ServicesWithAb = ReturnType<typeof useServices> & { abEngine?: AbEngine };

const noEngine = { subscribe: () => () => undefined, getState: () => undefined };

/**
 * A test's variant for this visitor. The frame's A/B engine decides when the services carry one; until it is wired
 * (issue 19: h3 adds it to AppServices) the variant is the one the engine would assign, the same hash of uid and
 * test name, so the person sees the same variant before and after.
 */
export function useAbVariant(name: PricingAbTest): string {
  const services = useServices() as ServicesWithAb;
  const client = useClient();
  const engineStore = services.abEngine?.store ?? noEngine;
  const assigned = useSyncExternalStore(
    engineStore.subscribe,
    () => services.abEngine?.variant(name),
    () => undefined,
  );
  const spec = defaultAbTests[name];
  if (assigned) return assigned;
  if (!spec) throw new Error(`No A/B test named ${name}`);
  return pickVariant(client.visitorId.get(), spec);
}
