import {
  createBillingHistoryStore,
  createPaymentMethodStore,
  createSpendingCapStore,
  createUserPlanActionsStore,
  type LoadedValue,
  type ReadableStore,
} from '@wingmate/core-sdk';
import { useEffect } from 'react';
import { useStore } from 'zustand';
import { usePageDataPending } from '../../../frame/page-data';
import { useScreenStore } from '../../../stores/screen-store';
import { useServices } from '../../../stores/services';

/** The card on file, for as long as its section is on screen. */
export function usePaymentMethodStore() {
  return useScreenStore(({ memberships }) => createPaymentMethodStore(memberships));
}

/** The billing history, for as long as its section is on screen. */
export function useBillingHistoryStore() {
  return useScreenStore(({ memberships }) => createBillingHistoryStore(memberships));
}

/** The spending cap, for as long as its section is on screen. */
export function useSpendingCapStore() {
  return useScreenStore(({ memberships }) => createSpendingCapStore(memberships));
}

/** The client's plan store: plan lists and the member's plans, shared by every screen. */
export function usePlanStore() {
  return useServices().client.plans;
}

/** Cancel, resume and plan changes of the member's plans, over the client's plan store. */
export function useUserPlanActionsStore() {
  return useScreenStore(({ plans, memberships }) => createUserPlanActionsStore(plans, memberships));
}

/**
 * A section's value, loaded when the section mounts, and again whenever `reloadOn` changes (what the value depends
 * on). `/account` waits behind the page loader for each section's first answer, so no section pops in late.
 */
export function useSectionValue<S extends LoadedValue<unknown>>(
  store: ReadableStore<S> & { load(): Promise<void> },
  reloadOn?: unknown,
): S {
  const state = useStore(store);
  usePageDataPending(state.status === 'pending');
  useEffect(() => void store.load(), [store, reloadOn]);
  return state;
}
