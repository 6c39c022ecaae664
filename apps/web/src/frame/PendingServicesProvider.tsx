import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { ServicesProvider } from '../stores/services';
import type { PendingServices } from '../stores/services-loader';

/**
 * Provides the services from the moment their chunk has made them (null before: the frame paints without them).
 * Their arrival re-renders the frame as a transition, in slices, not as one long task. The value is read at each
 * render, so a render for another reason (a route that waited for the services) already sees them.
 */
export function PendingServicesProvider({
  services,
  children,
}: {
  services: PendingServices;
  children: ReactNode;
}) {
  const [, setLoaded] = useState(() => services.get() !== null);
  useEffect(() => {
    const arrived = () => startTransition(() => setLoaded(services.get() !== null));
    arrived();
    return services.subscribe(arrived);
  }, [services]);
  return <ServicesProvider services={services.get()}>{children}</ServicesProvider>;
}
