import { useSyncExternalStore, type ReactNode } from 'react';
import { ServicesProvider } from '../stores/services';
import type { PendingServices } from '../stores/services-loader';

/** Provides the services from the moment their chunk has made them (null before: the frame paints without them). */
export function PendingServicesProvider({
  services,
  children,
}: {
  services: PendingServices;
  children: ReactNode;
}) {
  const current = useSyncExternalStore(services.subscribe, services.get, services.get);
  return <ServicesProvider services={current}>{children}</ServicesProvider>;
}
