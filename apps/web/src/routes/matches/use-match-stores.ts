import { createMatchesStore, type MatchesStore } from '@wingmate/core-sdk';
import { useScreenStore } from '../../stores/screen-store';

/** The person's matches, made once for as long as the screen is open. */
export function useMatchesStore(): MatchesStore {
  return useScreenStore((client) => createMatchesStore(client.matches));
}
