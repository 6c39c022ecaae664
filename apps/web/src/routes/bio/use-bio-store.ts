import { createBioStore, type BioStore } from '@wingmate/core-sdk';
import { useState } from 'react';
import { useClient } from '../../stores/services';

/** The bio editor's store, made once for as long as the screen is open. */
export function useBioStore(): BioStore {
  const client = useClient();
  const [store] = useState(() => createBioStore(client));
  return store;
}
