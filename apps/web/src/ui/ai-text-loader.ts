import type { ComponentType } from 'react';

/** The renderer of AI text (`AiText`): markdown, safely. */
export type AiTextComponent = ComponentType<{ text: string }>;

let loaded: AiTextComponent | null = null;
let loading: Promise<AiTextComponent | null> | null = null;

/**
 * Loads the AI text renderer (react-markdown, in a chunk of its own: it would be most of a page's own code,
 * docs/web.md#budgets), once per page load; null if it cannot load, and the text stays plain. A screen calls it
 * where AI text is about to come (the chat's box focused, the roasts page opening, a photo review asked for), so the
 * renderer comes beside the text, not after it.
 */
export function loadAiText(): Promise<AiTextComponent | null> {
  loading ??= import('./Markdown').then(
    (module) => (loaded = module.AiText),
    () => null,
  );
  return loading;
}

/** The renderer if it is already in, to draw at once without waiting. */
export function loadedAiText(): AiTextComponent | null {
  return loaded;
}
