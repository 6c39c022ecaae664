import type { StyleProfile } from './style-profile';

/** The shares from which a habit is said to be "mostly", "often" or "sometimes"; under `RARELY` it is "rarely". */
const MOSTLY = 0.6;
const OFTEN = 0.5;
const SOMETIMES = 0.2;
const RARELY = 0.1;
const MAX_LISTED = 5;

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

function lengthWords({ length }: StyleProfile): string {
  const words = Math.round(length.words);
  const size = words <= 3 ? 'Very short' : words <= 10 ? 'Short' : words <= 20 ? 'Medium-length' : 'Long';
  return `${size} messages, about ${plural(Math.max(1, words), 'word')}`;
}

function capitalWords({ capitals }: StyleProfile): string {
  if (capitals.allLowercase >= MOSTLY) return 'Mostly lowercase';
  if (capitals.startsCapital >= MOSTLY) return 'Starts messages with a capital';
  return 'Capitals now and then';
}

function endingWords({ endings }: StyleProfile): string[] {
  const main = (['none', 'period', 'exclamation', 'question'] as const).reduce((best, ending) =>
    endings[ending] > endings[best] ? ending : best,
  );
  const words = {
    none: 'Usually no punctuation at the end',
    period: 'Ends with a full stop',
    exclamation: 'Ends with an exclamation mark',
    question: 'Ends with a question mark',
  }[main];
  return [
    words,
    ...(endings.doubleExclamation >= SOMETIMES ? ['Doubles exclamation marks (!!)'] : []),
    ...(endings.ellipsis >= SOMETIMES ? ['Trails off with "..."'] : []),
  ];
}

function emojiWords({ emoji }: StyleProfile): string {
  const favourites = emoji.favourites.length > 0 ? `: ${emoji.favourites.join(' ')}` : '';
  if (emoji.rate >= OFTEN) return `Uses emoji often${favourites}`;
  if (emoji.rate >= RARELY) return `Uses emoji sometimes${favourites}`;
  return 'Rarely uses emoji';
}

function slangWords({ slang }: StyleProfile): string {
  if (slang.length === 0) return 'No slang or abbreviations';
  return `Says ${slang
    .slice(0, MAX_LISTED)
    .map(({ word }) => word)
    .join(', ')}`;
}

function questionWords({ questionRate }: StyleProfile): string {
  if (questionRate >= OFTEN) return 'Asks lots of questions';
  if (questionRate >= SOMETIMES) return 'Asks questions sometimes';
  return 'Rarely asks questions';
}

function habitWords({ greetings, signOffs }: StyleProfile): string[] {
  return [
    ...(greetings.words.length > 0 ? [`Opens with ${greetings.words.join(', ')}`] : []),
    ...(signOffs.words.length > 0 ? [`Signs off with ${signOffs.words.join(', ')}`] : []),
  ];
}

/**
 * The profile in plain words, for the person to check ("Short messages, about 6 words", "Mostly lowercase"...):
 * always the same lines in the same order for the same profile.
 */
export function describeStyle(profile: StyleProfile): string[] {
  if (profile.sampleCount === 0) return ['Not enough of your messages yet to know your style'];
  return [
    lengthWords(profile),
    capitalWords(profile),
    ...endingWords(profile),
    emojiWords(profile),
    slangWords(profile),
    questionWords(profile),
    ...habitWords(profile),
  ];
}
