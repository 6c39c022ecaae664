import type { ChatStyle } from '../../adapters/ai/ports';
import { STYLE_SAMPLES_IN_PROMPT } from '../../adapters/ai/prompts';
import { adaptToStyle, type AdaptOptions } from './adapt-to-style';
import { describeStyle } from './describe-style';
import type { StyleProfile } from './style-profile';

/** The person's profile and their messages, oldest first (`personalStyleOf`). */
type PersonalStyle = { readonly profile: StyleProfile; readonly samples: readonly string[] };

/**
 * The person's style as a chat reply writes suggested messages in it (docs/product.md#sounds-like-me): the profile
 * in plain words and their newest messages for a configured model's prompt, the deterministic rewrite for the
 * offline engine. Undefined until they give messages of theirs.
 */
export function chatStyleOf(style: PersonalStyle | undefined): ChatStyle | undefined {
  return styleFor(style, {});
}

/**
 * The person's style as a generated bio takes it on: their capitals, abbreviations, endings and emoji, never cut to a
 * message's length, since a bio is read whole.
 */
export function bioStyleOf(style: PersonalStyle | undefined): ChatStyle | undefined {
  return styleFor(style, { keepLength: true });
}

function styleFor(style: PersonalStyle | undefined, options: AdaptOptions): ChatStyle | undefined {
  if (!style) return undefined;
  const { profile } = style;
  return {
    words: describeStyle(profile),
    samples: style.samples.slice(-STYLE_SAMPLES_IN_PROMPT),
    adapt: (text, seed) => adaptToStyle(text, profile, seed, options),
  };
}
