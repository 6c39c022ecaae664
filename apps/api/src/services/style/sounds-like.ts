import { boundedMessage, type MessageStyle, messageStyleOf, wordsOf } from './message-style';
import type { StyleProfile } from './style-profile';

/**
 * A trait the person shows in at least this share of their messages is in character: someone who says "lol" in one
 * message of four is recognisably themselves saying it, and leaving it out is just as much them.
 */
const IN_CHARACTER_SHARE = 0.25;

/** How much each trait counts: the shape of a message (length, case, punctuation) shows first, then its words. */
const WEIGHTS = {
  length: 2,
  capitals: 2,
  punctuation: 2,
  emoji: 1.5,
  slang: 1.5,
  question: 1,
  greeting: 0.5,
} as const;

type Trait = keyof typeof WEIGHTS;

/** 0 when the person's messages agree with this one in at least a quarter of cases, rising to 1 when never. */
function outOfCharacter(agreeingShare: number): number {
  return Math.max(0, 1 - agreeingShare / IN_CHARACTER_SHARE);
}

/** For a yes/no trait seen in `rate` of the person's messages. */
const yesNo = (present: boolean, rate: number) => outOfCharacter(present ? rate : 1 - rate);

/** Within this ratio of the person's median a length is typical: their own messages vary at least that much. */
const TYPICAL_LENGTH_RATIO = 1.5;
/** From this ratio on a length is as far from theirs as it gets. */
const FARTHEST_LENGTH_RATIO = 4;

/**
 * Length differs by ratio, not by count: 3 words against 6 is as far as 20 against 40. Words, not characters, so
 * that writing "u" for "you" is not taken for a change of length.
 */
function lengthDistance(value: number, median: number): number {
  const ratio = Math.abs(Math.log((value + 1) / (median + 1)));
  const typical = Math.log(TYPICAL_LENGTH_RATIO);
  return Math.min(1, Math.max(0, ratio - typical) / (Math.log(FARTHEST_LENGTH_RATIO) - typical));
}

/**
 * The slang `text` uses: the fixed list's words it has, and any word of the profile it says, since a person may add
 * their own to the profile by hand (docs/product.md#sounds-like-me).
 */
function slangUsed(text: string, message: MessageStyle, profile: StyleProfile): Set<string> {
  const said = ` ${wordsOf(boundedMessage(text)).join(' ')} `;
  const own = profile.slang.filter(({ word }) => said.includes(` ${wordsOf(word).join(' ')} `));
  return new Set([...message.slang, ...own.map(({ word }) => word)]);
}

function slangDistance(text: string, message: MessageStyle, profile: StyleProfile): number {
  const rates = new Map(profile.slang.map(({ word, rate }) => [word, rate]));
  const used = slangUsed(text, message, profile);
  const words = new Set([...rates.keys(), ...used]);
  return Math.max(0, ...[...words].map((word) => yesNo(used.has(word), rates.get(word) ?? 0)));
}

function emojiDistance(message: MessageStyle, profile: StyleProfile): number {
  const presence = yesNo(message.emoji.length > 0, profile.emoji.rate);
  const favourites = new Set(profile.emoji.favourites);
  const unfamiliar =
    favourites.size > 0 && message.emoji.length > 0 && !message.emoji.some((e) => favourites.has(e));
  return unfamiliar ? Math.max(presence, 0.5) : presence;
}

function habitDistance(word: string | undefined, habit: StyleProfile['greetings']): number {
  if (word !== undefined && !habit.words.includes(word)) return 1;
  return yesNo(word !== undefined, habit.rate);
}

/** Each trait's distance from 0 (just like the person) to 1 (never like them); undefined when it does not apply. */
function traitDistances(
  text: string,
  message: MessageStyle,
  profile: StyleProfile,
): Record<Trait, number | undefined> {
  const { capitals, endings } = profile;
  return {
    length: lengthDistance(message.words, profile.length.words),
    capitals:
      message.startsCapital === undefined
        ? undefined
        : (yesNo(message.startsCapital, capitals.startsCapital) +
            yesNo(message.allLowercase === true, capitals.allLowercase)) /
          2,
    punctuation:
      0.6 * outOfCharacter(endings[message.ending]) +
      0.2 * yesNo(message.doubleExclamation, endings.doubleExclamation) +
      0.2 * yesNo(message.ellipsis, endings.ellipsis),
    emoji: emojiDistance(message, profile),
    slang: slangDistance(text, message, profile),
    question: yesNo(message.asks, profile.questionRate),
    greeting: Math.max(
      habitDistance(message.greeting, profile.greetings),
      habitDistance(message.signOff, profile.signOffs),
    ),
  };
}

/** How close `text` is to the person's style, from 0 to 1; 0.5 when the profile knows nothing yet. */
export function styleCloseness(text: string, profile: StyleProfile): number {
  if (profile.sampleCount === 0) return 0.5;
  const distances = traitDistances(text, messageStyleOf(text), profile);
  let weighted = 0;
  let weights = 0;
  for (const trait of Object.keys(WEIGHTS) as Trait[]) {
    const distance = distances[trait];
    if (distance === undefined) continue;
    weighted += WEIGHTS[trait] * distance;
    weights += WEIGHTS[trait];
  }
  return 1 - weighted / weights;
}

/**
 * "Sounds like you": 0 to 100, computed from the distance of each trait of `text` to the person's profile (no model),
 * so the same text and profile always score the same.
 */
export function soundsLikeScore(text: string, profile: StyleProfile): number {
  return Math.round(100 * styleCloseness(text, profile));
}
