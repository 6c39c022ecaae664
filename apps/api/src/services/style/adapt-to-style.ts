import { hashOf, type Random, seededRandom } from '../../adapters/ai/prng';
import { boundedMessage, emojiOf, wordsOf } from './message-style';
import { styleCloseness } from './sounds-like';
import type { StyleProfile } from './style-profile';

/** A habit the person has in at least half their messages is one a suggestion takes on. */
const HABIT = 0.5;
/** A suggestion may run to this many times the person's median words before it is cut. */
const LENGTH_ROOM = 1.5;

type Step = (text: string, profile: StyleProfile, random: Random) => string;

/** The long forms each abbreviation stands for; only whole words, and only where the swap keeps the meaning. */
const LONG_FORMS: Readonly<Record<string, RegExp>> = {
  u: /\byou\b(?!['’])/gi,
  ur: /\byou['’]?re\b|\byour\b/gi,
  r: /\bare\b(?!['’])/gi,
  rn: /\bright now\b/gi,
  tbh: /\bto be honest\b/gi,
  idk: /\bI don['’]?t know\b/gi,
  omg: /\boh my god\b/gi,
  btw: /\bby the way\b/gi,
  ngl: /\bnot (?:gonna|going to) lie\b/gi,
  imo: /\bin my opinion\b/gi,
  // "going to the park" is a place, not a plan: only before a verb.
  gonna: /\bgoing to(?= (?:be|go|get|have|make|do|see|try|say|take|need|love|like|tell|show|come|call)\b)/gi,
  wanna: /\bwant to\b/gi,
  pls: /\bplease\b/gi,
  thx: /\bthanks\b/gi,
  ty: /\bthank you\b/gi,
  bc: /\bbecause\b/gi,
  cuz: /\bbecause\b/gi,
  tho: /\bthough\b/gi,
  yeah: /\byes\b/gi,
  yep: /\byes\b/gi,
};

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const TRAILING_EMOJI =
  /(?:[\s\p{Extended_Pictographic}\p{Regional_Indicator}\p{Emoji_Modifier}]|\u200d|\ufe0f)*$/u;

/**
 * When the text runs well past the person's usual length, keeps the run of its first sentences and clauses whose
 * length is nearest theirs (by ratio, the longer on a tie), so a short writer's suggestion loses its tail, not its start.
 */
function trimToLength(text: string, profile: StyleProfile): string {
  const pieces = text.split(/(?<=[.!?…,;])\s+/);
  if (pieces.length === 1 || wordsOf(text).length <= profile.length.words * LENGTH_ROOM) return text;
  const offBy = (prefix: string) =>
    Math.abs(Math.log((wordsOf(prefix).length + 1) / (profile.length.words + 1)));
  const prefixes = pieces.map((_, index) => pieces.slice(0, index + 1).join(' ')).reverse();
  const nearest = prefixes.reduce((best, prefix) => (offBy(prefix) < offBy(best) ? prefix : best));
  return nearest.replace(/[\s,;:–—-]+$/, '');
}

function swapIn(word: string): Step {
  const longForm = LONG_FORMS[word];
  return (text) =>
    longForm ? text.replace(longForm, (found) => (/^\p{Lu}/u.test(found) ? capitalised(word) : word)) : text;
}

function matchCapitals(text: string, { capitals }: StyleProfile): string {
  if (capitals.allLowercase >= HABIT) return text.toLowerCase();
  const first = /\p{L}/u.exec(text);
  if (!first) return text;
  const letter = capitals.startsCapital >= HABIT ? first[0].toUpperCase() : first[0].toLowerCase();
  return `${text.slice(0, first.index)}${letter}${text.slice(first.index + first[0].length)}`;
}

/** The mark the person usually ends a statement with: a question keeps its "?" unless they never write one. */
function endMarkOf({ endings }: StyleProfile): string {
  const habit = (['none', 'period', 'exclamation'] as const).reduce((best, ending) =>
    endings[ending] > endings[best] ? ending : best,
  );
  if (habit === 'period') return endings.ellipsis >= HABIT ? '...' : '.';
  if (habit === 'exclamation') return endings.doubleExclamation >= HABIT ? '!!' : '!';
  return '';
}

function matchEnding(text: string, profile: StyleProfile): string {
  const tail = TRAILING_EMOJI.exec(text)?.[0] ?? '';
  const body = text.slice(0, text.length - tail.length);
  const neverAsks = profile.questionRate < 0.05 && profile.endings.question < 0.05;
  if (/\?[!?]*$/.test(body) && !neverAsks) return text;
  return `${body.replace(/[.!?…]+$/, '')}${endMarkOf(profile)}${tail}`;
}

function addEmoji(text: string, { emoji }: StyleProfile, random: Random): string {
  if (emoji.rate < HABIT || emoji.favourites.length === 0 || emojiOf(text).length > 0) return text;
  return `${text} ${random.pick(emoji.favourites)}`;
}

function stepsFor(profile: StyleProfile, keepLength: boolean): Step[] {
  return [
    ...(keepLength ? [] : [trimToLength]),
    ...profile.slang.map(({ word }) => swapIn(word)),
    matchCapitals,
    matchEnding,
    addEmoji,
  ];
}

export interface AdaptOptions {
  /**
   * Keep every sentence, whatever the person's usual length: a bio line is a profile's text, not a message, and is
   * read whole (docs/product.md#sounds-like-me).
   */
  readonly keepLength?: boolean;
}

/**
 * A suggestion rewritten toward how the person writes: their length (trailing clauses dropped, unless `keepLength`),
 * their abbreviations, their capitals, their end punctuation and one of their emoji. Each change is kept only when it
 * brings the text at least as close to the profile, so adapting never lowers the "sounds like you" score; no other
 * word is changed and the text never ends up empty. The same text, profile and seed give the same rewrite.
 */
export function adaptToStyle(
  text: string,
  profile: StyleProfile,
  seed: string,
  { keepLength = false }: AdaptOptions = {},
): string {
  const start = boundedMessage(text).trim();
  if (start === '' || profile.sampleCount === 0) return text;
  const random = seededRandom(hashOf('adapt to style', seed, start));
  return stepsFor(profile, keepLength).reduce((current, step) => {
    const candidate = step(current, profile, random).trim();
    return candidate !== '' && styleCloseness(candidate, profile) >= styleCloseness(current, profile)
      ? candidate
      : current;
  }, start);
}
