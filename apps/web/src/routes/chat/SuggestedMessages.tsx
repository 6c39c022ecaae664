import type { Suggestion } from '@wingmate/api-contract';
import { suggestionOrdinals, type SuggestionOutcomesStore } from '@wingmate/core-sdk';
import { useStore } from 'zustand';
import { StyleLink } from '../style/StyleLink';
import { SuggestionCard } from '../style/SuggestionCard';

export interface SuggestedMessagesProps {
  suggestions: readonly Suggestion[];
  /** The chat screen's marks, one store for every reply. */
  outcomes: SuggestionOutcomesStore;
  /** Offer "Make suggestions sound like you" under the list (docs/product.md#sounds-like-me). */
  showStyleLink: boolean;
  onCopy: (suggestion: Suggestion) => void;
}

/**
 * The messages a reply offers to send, under it: each a card to copy and mark (docs/product.md#what-works-for-you).
 * Stacked, as wide as the conversation allows on a phone and as a reply's bubble at most on a wider screen.
 */
export function SuggestedMessages({ suggestions, outcomes, showStyleLink, onCopy }: SuggestedMessagesProps) {
  const marks = useStore(outcomes, (state) => state.marks);
  const inMatch = useStore(outcomes, (state) => state.inMatch);
  const ordinals = suggestionOrdinals(suggestions);
  return (
    // Not announced as it appears: the reply's own text, read already, says the same messages.
    <div aria-live="off" className="mt-2 flex w-full flex-col gap-2 sm:max-w-[min(85%,42rem)]">
      <ul aria-label="Suggested messages" className="flex flex-col gap-2">
        {suggestions.map((suggestion, index) => (
          <SuggestionCard
            key={suggestion.id}
            ordinal={ordinals[index]}
            suggestion={suggestion}
            mark={marks[suggestion.id]}
            inMatch={inMatch}
            onMark={(outcome) => void outcomes.mark(suggestion, outcome)}
            onCopy={() => onCopy(suggestion)}
          />
        ))}
      </ul>
      {showStyleLink && <StyleLink>Make suggestions sound like you</StyleLink>}
    </div>
  );
}
