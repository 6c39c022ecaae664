import type { Suggestion } from '@wingmate/api-contract';

/**
 * Where a list of messages offers the way to "Sounds like me" (docs/product.md#sounds-like-me): under the newest
 * message with suggestions, once, while they come without a score (the person has no style yet); -1 for nowhere.
 */
export function styleLinkIndex(
  messages: readonly { readonly suggestions?: readonly Pick<Suggestion, 'sounds_like_you'>[] }[],
): number {
  for (let index = messages.length - 1; index >= 0; index--) {
    const suggestions = messages[index]?.suggestions ?? [];
    if (suggestions.length === 0) continue;
    return suggestions.every((suggestion) => suggestion.sounds_like_you === null) ? index : -1;
  }
  return -1;
}
