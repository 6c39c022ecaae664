import type { StyleProfile as StyleProfileJson } from '@wingmate/api-contract';
import type { StyleProfile } from './style-profile';

/**
 * Text as stored in jsonb: a lone surrogate made U+FFFD, which Postgres' jsonb refuses as an escape (UTF-8 has no
 * lone surrogates).
 */
export const wellFormed = (text: string) => text.replace(/\p{Cs}/gu, '\uFFFD');

const wordsOf = (words: readonly string[]) => words.map(wellFormed);

/**
 * The profile as the contract and the database hold it (snake_case JSON, docs/decisions.md#sounds-like-me), from the
 * one the style code reads. Its words are stored as jsonb, so a lone surrogate becomes U+FFFD.
 */
export function styleProfileJson(profile: StyleProfile): StyleProfileJson {
  const { endings } = profile;
  return {
    sample_count: profile.sampleCount,
    length: { words: profile.length.words, characters: profile.length.characters },
    capitals: {
      starts_capital: profile.capitals.startsCapital,
      all_lowercase: profile.capitals.allLowercase,
    },
    endings: {
      period: endings.period,
      exclamation: endings.exclamation,
      question: endings.question,
      none: endings.none,
      double_exclamation: endings.doubleExclamation,
      ellipsis: endings.ellipsis,
    },
    emoji: { rate: profile.emoji.rate, favourites: wordsOf(profile.emoji.favourites) },
    slang: profile.slang.map(({ word, rate }) => ({ word: wellFormed(word), rate })),
    question_rate: profile.questionRate,
    greetings: { rate: profile.greetings.rate, words: wordsOf(profile.greetings.words) },
    sign_offs: { rate: profile.signOffs.rate, words: wordsOf(profile.signOffs.words) },
  };
}

/** The profile the style code reads, from the contract's JSON (as learnt, or as the person edited it). */
export function styleProfileFromJson(json: StyleProfileJson): StyleProfile {
  const { endings } = json;
  return {
    sampleCount: json.sample_count,
    length: { words: json.length.words, characters: json.length.characters },
    capitals: {
      startsCapital: json.capitals.starts_capital,
      allLowercase: json.capitals.all_lowercase,
    },
    endings: {
      period: endings.period,
      exclamation: endings.exclamation,
      question: endings.question,
      none: endings.none,
      doubleExclamation: endings.double_exclamation,
      ellipsis: endings.ellipsis,
    },
    emoji: { rate: json.emoji.rate, favourites: [...json.emoji.favourites] },
    slang: json.slang.map(({ word, rate }) => ({ word, rate })),
    questionRate: json.question_rate,
    greetings: { rate: json.greetings.rate, words: [...json.greetings.words] },
    signOffs: { rate: json.sign_offs.rate, words: [...json.sign_offs.words] },
  };
}
