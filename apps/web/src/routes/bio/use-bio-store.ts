import { createBioStore, type BioStore } from '@wingmate/core-sdk';
import { useScreenStore } from '../../stores/screen-store';

/** The bio editor's store, made once for as long as the screen is open. */
export function useBioStore(): BioStore {
  return useScreenStore((client) => createBioStore(client));
}
