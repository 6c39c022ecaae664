import { useEffect } from 'react';
import { useStore } from 'zustand';
import type { WingmateClient } from '@wingmate/core-sdk';
import { useServices } from '../../stores/services';
import { useSession } from '../../stores/session';

type PlanStoreOf = WingmateClient['plans'];
export type PlansState = ReturnType<PlanStoreOf['getState']>;

/** The app's plan store: core-sdk's, made once with the client. */
export const usePlans = (): PlanStoreOf => useServices().client.plans;

/** The plan store's lists, re-rendering on change (the rules live in core-sdk's plan store). */
export function usePlanStore<T>(select: (state: PlansState) => T): T {
  return useStore(usePlans(), select);
}

/**
 * Loads the regular and free-trial lists, and the member's own plans when signed in, once each; a list already
 * loaded is not asked again. A failed load is left in the store for the page to show, never thrown.
 */
export function useLoadPlans({ userPlans = true }: { userPlans?: boolean } = {}): void {
  const plans = usePlans();
  const isLoggedIn = useSession((state) => state.isLoggedIn);
  useEffect(() => {
    const state = plans.getState();
    if (state.regular.status === 'idle') void plans.loadRegular().catch(() => undefined);
    if (state.freeTrial.status === 'idle') void plans.loadFreeTrial().catch(() => undefined);
  }, [plans]);
  useEffect(() => {
    if (userPlans && isLoggedIn) void plans.loadUserPlans().catch(() => undefined);
  }, [plans, isLoggedIn, userPlans]);
}
