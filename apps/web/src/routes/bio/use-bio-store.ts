import { createBioStore, type BioStore } from '@wingmate/core-sdk';
import { useState } from 'react';
import { useServices } from '../../stores/services';

/** The bio editor's store, made once for as long as the screen is open. */
export function useBioStore(): BioStore {
  const { client } = useServices();
  const [store] = useState(() => createBioStore(client));
  return store;
}
