import { greetingOf, signOffOf, slangOf } from './style-words';

/** How one message ends, looking past trailing emoji, spaces and closing quotes or brackets. */
export type Ending = 'period' | 'exclamation' | 'question' | 'none';

/** The style traits of one message: what a profile counts and what a suggestion is scored on. */
export interface MessageStyle {
  readonly words: number;
  /** Characters as a reader counts them: an emoji, even one made of several code points, is one. */
  readonly characters: number;
  /** Whether the first letter is a capital; undefined when the message has no letters. */
  readonly startsCapital: boolean | undefined;
  /** Whether the message has letters and none of them is a capital; undefined without letters. */
  readonly allLowercase: boolean | undefined;
  readonly ending: Ending;
  /** "!!" anywhere. */
  readonly doubleExclamation: boolean;
  /** "..." or "…" anywhere. */
  readonly ellipsis: boolean;
  /** Each emoji as often as it appears. */
  readonly emoji: readonly string[];
  /** The canonical slang words used, each once. */
  readonly slang: readonly string[];
  /** A question mark anywhere. */
  readonly asks: boolean;
  readonly greeting: string | undefined;
  readonly signOff: string | undefined;
}

/** A message longer than this is read only up to here: style shows in the first lines, and the cost stays bounded. */
export const MAX_MESSAGE_CHARS = 1_000;

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });
const EMOJI = /\p{Extended_Pictographic}|\p{Regional_Indicator}/u;
const WORD = /[\p{L}\p{N}]+(?:'[\p{L}\p{N}]+)*/gu;
/** What may follow the last punctuation mark without changing how the message ends. */
const TRAILING =
  /(?:[\s"'’”)\]\p{Extended_Pictographic}\p{Regional_Indicator}\p{Emoji_Modifier}]|\u200d|\ufe0f)+$/u;

/** `text` cut to `MAX_MESSAGE_CHARS` on a grapheme boundary, so no emoji is split. */
export function boundedMessage(text: string): string {
  if (text.length <= MAX_MESSAGE_CHARS) return text;
  let end = 0;
  for (const { index, segment } of graphemes.segment(text)) {
    if (index + segment.length > MAX_MESSAGE_CHARS) break;
    end = index + segment.length;
  }
  return text.slice(0, end);
}

/** The message's lowercase words, apostrophes kept ("don't"). */
export function wordsOf(text: string): string[] {
  return text.normalize('NFKC').toLowerCase().replace(/[’‘`]/g, "'").match(WORD) ?? [];
}

export function emojiOf(text: string): string[] {
  return [...graphemes.segment(text)].map(({ segment }) => segment).filter((segment) => EMOJI.test(segment));
}

export function endingOf(text: string): Ending {
  const last = text.replace(TRAILING, '').slice(-1);
  if (last === '.' || last === '…') return 'period';
  if (last === '!') return 'exclamation';
  if (last === '?') return 'question';
  return 'none';
}

function capitalsOf(text: string): Pick<MessageStyle, 'startsCapital' | 'allLowercase'> {
  const first = /\p{L}/u.exec(text)?.[0];
  if (first === undefined) return { startsCapital: undefined, allLowercase: undefined };
  return { startsCapital: first !== first.toLowerCase(), allLowercase: !/\p{Lu}/u.test(text) };
}

/** The style traits of `text` (read up to `MAX_MESSAGE_CHARS`). */
export function messageStyleOf(text: string): MessageStyle {
  const message = boundedMessage(text).trim();
  const words = wordsOf(message);
  const joined = words.join(' ');
  return {
    words: words.length,
    characters: [...graphemes.segment(message)].length,
    ...capitalsOf(message),
    ending: endingOf(message),
    doubleExclamation: message.includes('!!'),
    ellipsis: message.includes('...') || message.includes('…'),
    emoji: emojiOf(message),
    slang: [...new Set(words.map(slangOf).filter((word) => word !== undefined))],
    asks: message.includes('?'),
    greeting: greetingOf(joined),
    signOff: signOffOf(joined),
  };
}
