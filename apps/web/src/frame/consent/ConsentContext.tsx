import { createContext, useContext, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { StoreApi } from 'zustand/vanilla';
import type { ConsentState } from './consent-store';

const ConsentContext = createContext<StoreApi<ConsentState> | null>(null);

export function ConsentProvider({ store, children }: { store: StoreApi<ConsentState>; children: ReactNode }) {
  return <ConsentContext.Provider value={store}>{children}</ConsentContext.Provider>;
}

/** The cookie choice and `choose`, from the frame's consent store. */
export function useConsent<T>(select: (state: ConsentState) => T): T {
  const store = useContext(ConsentContext);
  if (!store) throw new Error('useConsent needs a ConsentProvider (the frame gives one)');
  return useStore(store, select);
}
