import {
  createMatchesStore,
  createMatchStore,
  createScreenshotImportStore,
  type MatchesStore,
  type MatchStore,
  type ScreenshotImportStore,
} from '@wingmate/core-sdk';
import { useEffect } from 'react';
import { useScreenStore } from '../../stores/screen-store';

/** The person's matches, made once for as long as the screen is open. */
export function useMatchesStore(): MatchesStore {
  return useScreenStore((client) => createMatchesStore(client.matches));
}

/**
 * One match (its transcript, memory, coaching chat and replies), made once for as long as its page is open; the
 * memory reads that follow a reply stop when the page closes.
 */
export function useMatchStore(id: number): MatchStore {
  const store = useScreenStore((client) => createMatchStore(client.matches, id));
  useEffect(() => () => store.dispose(), [store]);
  return store;
}

/**
 * The screenshot import of a match's page: made once, its polling and uploads stopped when the page closes; a
 * confirmed import reads the match's transcript again.
 */
export function useScreenshotImportStore(match: MatchStore): ScreenshotImportStore {
  const store = useScreenStore((client) =>
    createScreenshotImportStore(client.matches, match.getState().match!.id, {
      onConfirmed: () => match.reloadLines(),
    }),
  );
  useEffect(() => () => store.dispose(), [store]);
  return store;
}
