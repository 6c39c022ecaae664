import { createSuggestionOutcomesStore, type SuggestionOutcomesStore } from '@wingmate/core-sdk';
import { useScreenStore } from '../../stores/screen-store';

/**
 * The marks of the messages the chat's replies offer (docs/product.md#what-works-for-you), made once for as long as
 * the screen is open. Outside a match, so "Date planned" is not offered. Made here rather than through the style
 * screen's hooks, whose module brings the style and matches stores the chat never needs.
 */
export function useChatSuggestionOutcomes(): SuggestionOutcomesStore {
  return useScreenStore((client) => createSuggestionOutcomesStore(client.style));
}
