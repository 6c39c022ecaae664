import { useState } from 'react';
import type { WingmateClient } from '@wingmate/core-sdk';
import { useServices, type AppServices } from './services';

/**
 * A core-sdk store made once, on the page's client, for as long as the screen that asked for it is shown (its
 * attempt keys, pages and timers go with it). Screens get their stores this way and call only the stores' methods
 * (docs/architecture.md#stores-per-contract-group).
 */
export function useScreenStore<T>(create: (client: WingmateClient, services: AppServices) => T): T {
  const services = useServices();
  const [store] = useState(() => create(services.client, services));
  return store;
}
