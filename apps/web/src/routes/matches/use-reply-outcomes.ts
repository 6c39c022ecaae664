import type { SuggestionOutcomesStore } from '@wingmate/core-sdk';
import { useEffect } from 'react';
import { useSuggestionOutcomesStore } from '../style/use-style-stores';

/**
 * The marks of the replies offered on a match's page, where a date can be planned, and what works for the person,
 * read when the page opens (docs/product.md#what-works-for-you). Apart from the other match stores' hooks, which
 * the matches list shares: the list has no replies to mark.
 */
export function useReplyOutcomesStore(): SuggestionOutcomesStore {
  const store = useSuggestionOutcomesStore({ inMatch: true });
  useEffect(() => void store.refresh(), [store]);
  return store;
}
