import { boundedMessage, type Ending, type MessageStyle, messageStyleOf } from './message-style';

/** A slang word and the share of the person's messages that use it. */
export interface SlangUse {
  readonly word: string;
  /** 0..1. */
  readonly rate: number;
}

/**
 * How a person writes, learnt from their own messages, so suggestions can sound like them. Plain JSON the person can
 * read and edit: every share is a number from 0 to 1, every list is short and ordered most used first.
 */
export interface StyleProfile {
  /** Non-blank messages the profile was learnt from; 0 means nothing is known yet. */
  readonly sampleCount: number;
  /** The median message: its words and its characters (an emoji counts as one). */
  readonly length: { readonly words: number; readonly characters: number };
  /** Of the messages with letters: shares that start with a capital, and that have no capital at all. */
  readonly capitals: { readonly startsCapital: number; readonly allLowercase: number };
  /**
   * Shares ending with a full stop (or "..."), "!", "?" or no punctuation (these four add up to 1), and shares
   * with "!!" or "..." anywhere.
   */
  readonly endings: Readonly<Record<Ending, number>> & {
    readonly doubleExclamation: number;
    readonly ellipsis: number;
  };
  /** Share of messages with an emoji, and the most used emoji (up to 5). */
  readonly emoji: { readonly rate: number; readonly favourites: readonly string[] };
  /** The slang and abbreviations used (from a fixed list), up to 12. */
  readonly slang: readonly SlangUse[];
  /** Share of messages with a question mark. */
  readonly questionRate: number;
  /** Share of messages that open with a greeting, and the greetings used (up to 5). */
  readonly greetings: { readonly rate: number; readonly words: readonly string[] };
  /** Share of messages that end with a sign-off, and the sign-offs used (up to 5). */
  readonly signOffs: { readonly rate: number; readonly words: readonly string[] };
}

/** The newest messages read: enough to know a style, and a bound on the work. */
export const MAX_STYLE_SAMPLES = 500;
const MAX_FAVOURITE_EMOJI = 5;
const MAX_SLANG = 12;
const MAX_GREETINGS = 5;

/** Shares are kept to three decimals: enough for 500 messages, and readable when the person edits them. */
const share = (count: number, total: number) => (total === 0 ? 0 : Math.round((count / total) * 1000) / 1000);

function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle] ?? 0;
  return sorted.length % 2 === 1 ? upper : ((sorted[middle - 1] ?? 0) + upper) / 2;
}

/** Items by how often they occur, most first; ties in the order first met, so the result is stable. */
function mostUsed(items: readonly string[], max: number): { item: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(item, (counts.get(item) ?? 0) + 1);
  return [...counts]
    .map(([item, count]) => ({ item, count }))
    .sort((a, b) => b.count - a.count)
    .slice(0, max);
}

function capitalsOf(styles: readonly MessageStyle[]): StyleProfile['capitals'] {
  const lettered = styles.filter((style) => style.startsCapital !== undefined);
  return {
    startsCapital: share(lettered.filter((style) => style.startsCapital).length, lettered.length),
    allLowercase: share(lettered.filter((style) => style.allLowercase).length, lettered.length),
  };
}

function endingsOf(styles: readonly MessageStyle[]): StyleProfile['endings'] {
  const count = (test: (style: MessageStyle) => boolean) => share(styles.filter(test).length, styles.length);
  return {
    period: count((style) => style.ending === 'period'),
    exclamation: count((style) => style.ending === 'exclamation'),
    question: count((style) => style.ending === 'question'),
    none: count((style) => style.ending === 'none'),
    doubleExclamation: count((style) => style.doubleExclamation),
    ellipsis: count((style) => style.ellipsis),
  };
}

/** Each word with the share of messages using it (a message counts once however often it says it). */
function slangUsesOf(styles: readonly MessageStyle[]): SlangUse[] {
  return mostUsed(
    styles.flatMap((style) => style.slang),
    MAX_SLANG,
  ).map(({ item, count }) => ({ word: item, rate: share(count, styles.length) }));
}

function habitOf(found: readonly (string | undefined)[]): { rate: number; words: string[] } {
  const used = found.filter((word) => word !== undefined);
  return {
    rate: share(used.length, found.length),
    words: mostUsed(used, MAX_GREETINGS).map(({ item }) => item),
  };
}

/**
 * The style of a person's own messages. Blank messages are skipped, each message is read up to 1,000 characters, and
 * only the newest `MAX_STYLE_SAMPLES` (the last ones given) count.
 */
export function styleProfileOf(samples: readonly string[]): StyleProfile {
  const styles = samples
    .map((sample) => boundedMessage(sample).trim())
    .filter((sample) => sample.length > 0)
    .slice(-MAX_STYLE_SAMPLES)
    .map(messageStyleOf);
  return {
    sampleCount: styles.length,
    length: {
      words: median(styles.map((style) => style.words)),
      characters: median(styles.map((style) => style.characters)),
    },
    capitals: capitalsOf(styles),
    endings: endingsOf(styles),
    emoji: {
      rate: share(styles.filter((style) => style.emoji.length > 0).length, styles.length),
      favourites: mostUsed(
        styles.flatMap((style) => style.emoji),
        MAX_FAVOURITE_EMOJI,
      ).map(({ item }) => item),
    },
    slang: slangUsesOf(styles),
    questionRate: share(styles.filter((style) => style.asks).length, styles.length),
    greetings: habitOf(styles.map((style) => style.greeting)),
    signOffs: habitOf(styles.map((style) => style.signOff)),
  };
}
