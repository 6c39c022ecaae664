import Type, { type Static } from 'typebox';
import { Nullable } from './common';

// A suggested message (docs/product.md#what-works-for-you): what the chat's replies and "What do I answer?" offer to
// send, in a tone, scored against the person's style. Its own file, since both the chat and the style groups use it.

/** The tone of the messages the AI suggests. */
export const ChatTone = Type.Union([
  Type.Literal('playful'),
  Type.Literal('flirty'),
  Type.Literal('witty'),
  Type.Literal('sincere'),
  Type.Literal('confident'),
]);
export type ChatTone = Static<typeof ChatTone>;
/** Every tone, in the order they are listed. */
export const CHAT_TONES = [
  'playful',
  'flirty',
  'witty',
  'sincere',
  'confident',
] as const satisfies readonly ChatTone[];

/** What a suggestion is for. */
export const SuggestionKind = Type.Union([
  Type.Literal('opener'),
  Type.Literal('reply'),
  Type.Literal('bio_line'),
]);
export type SuggestionKind = Static<typeof SuggestionKind>;
export const SUGGESTION_KINDS = ['opener', 'reply', 'bio_line'] as const satisfies readonly SuggestionKind[];

/** One suggested message, to copy and send. */
export const Suggestion = Type.Object({
  /** Unique across the API: a suggestion is marked and scored by it. */
  id: Type.String({ minLength: 1, maxLength: 64 }),
  kind: SuggestionKind,
  tone: ChatTone,
  text: Type.String(),
  /** "Sounds like you", 0-100, against the person's style profile; null while they have none. */
  sounds_like_you: Nullable(Type.Integer({ minimum: 0, maximum: 100 })),
});
export type Suggestion = Static<typeof Suggestion>;
