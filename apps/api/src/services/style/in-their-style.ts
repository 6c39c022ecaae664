import { adaptToStyle } from './adapt-to-style';
import { soundsLikeScore } from './sounds-like';
import type { StyleProfile } from './style-profile';

/**
 * A suggestion as offered (docs/product.md#sounds-like-me): adapted to the person's profile and scored against it;
 * unchanged, with no score, while they have none.
 */
export function inTheirStyle(
  text: string,
  profile: StyleProfile | undefined,
  seed: string,
): { readonly text: string; readonly soundsLikeYou: number | null } {
  if (!profile) return { text, soundsLikeYou: null };
  const adapted = adaptToStyle(text, profile, seed);
  return { text: adapted, soundsLikeYou: soundsLikeScore(adapted, profile) };
}
