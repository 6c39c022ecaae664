import { useState } from 'react';
import type { AppServices } from './services';
import { useServices } from './services';

/**
 * A core-sdk store made once, on the page's client and services, for as long as the screen that asked for it is
 * shown (its attempt keys, pages and timers go with it). Screens get their stores this way and call only the
 * stores' methods (docs/architecture.md#stores-per-contract-group).
 */
export function useScreenStore<T>(create: (services: AppServices) => T): T {
  const services = useServices();
  const [store] = useState(() => create(services));
  return store;
}
