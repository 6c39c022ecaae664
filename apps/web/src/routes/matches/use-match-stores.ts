import { createMatchesStore, createMatchStore, type MatchesStore, type MatchStore } from '@wingmate/core-sdk';
import { useScreenStore } from '../../stores/screen-store';

/** The person's matches, made once for as long as the screen is open. */
export function useMatchesStore(): MatchesStore {
  return useScreenStore((client) => createMatchesStore(client.matches));
}

/** One match (its transcript, memory, coaching chat and replies), made once for as long as its page is open. */
export function useMatchStore(id: number): MatchStore {
  return useScreenStore((client) => createMatchStore(client.matches, id));
}
