import {
  createMatchesStore,
  createStyleStore,
  createSuggestionOutcomesStore,
  type MatchesStore,
  type StyleStore,
  type SuggestionOutcomesOptions,
  type SuggestionOutcomesStore,
} from '@wingmate/core-sdk';
import { useScreenStore } from '../../stores/screen-store';

/** The person's texting style, made once for as long as the screen is open. */
export function useStyleStore(): StyleStore {
  return useScreenStore((client) => createStyleStore(client.style));
}

/**
 * The marks of the suggestions a screen offers and "What works for you", made once for as long as the screen is
 * open (`inMatch` on a match's page, where a date can be planned).
 */
export function useSuggestionOutcomesStore(options?: SuggestionOutcomesOptions): SuggestionOutcomesStore {
  return useScreenStore((client) => createSuggestionOutcomesStore(client.style, options));
}

/**
 * The person's matches, to learn from their side of one. Made here rather than through the matches screens' hooks:
 * those share a chunk with a match's page (its transcript and screenshot stores), which this page never needs.
 */
export function useMatchesToLearnFrom(): MatchesStore {
  return useScreenStore((client) => createMatchesStore(client.matches));
}
