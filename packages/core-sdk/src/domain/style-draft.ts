// The style profile as a person edits it (docs/product.md#sounds-like-me): shares as percentages, lists as text
// separated by commas, and back to the profile the API takes. A mobile app's edit form uses the same rules.
import type { StyleProfile } from '@wingmate/api-contract';

/** The shares of a profile the person edits as percentages, with their labels. */
export const STYLE_SHARE_FIELDS = [
  { key: 'starts_capital', label: 'Start with a capital' },
  { key: 'all_lowercase', label: 'Have no capital at all' },
  { key: 'period', label: 'End with a full stop' },
  { key: 'exclamation', label: 'End with !' },
  { key: 'question', label: 'End with ?' },
  { key: 'none', label: 'End with no punctuation' },
  { key: 'double_exclamation', label: 'Use !!' },
  { key: 'ellipsis', label: 'Use ...' },
  { key: 'emoji', label: 'Use emoji' },
  { key: 'question_rate', label: 'Ask a question' },
  { key: 'greetings', label: 'Start with a greeting' },
  { key: 'sign_offs', label: 'End with a sign-off' },
] as const;

export type StyleShareKey = (typeof STYLE_SHARE_FIELDS)[number]['key'];

/** The lists of a profile the person edits, with the names core-sdk's problems use for them. */
export const STYLE_LIST_FIELDS = [
  { key: 'emoji', label: 'Favourite emoji' },
  { key: 'slang', label: 'Slang' },
  { key: 'greetings', label: 'Greetings' },
  { key: 'sign_offs', label: 'Sign-offs' },
] as const;

export type StyleListKey = (typeof STYLE_LIST_FIELDS)[number]['key'];

/** The edit form's fields as typed: numbers and comma-separated lists as text. */
export interface StyleDraft {
  words: string;
  shares: Record<StyleShareKey, string>;
  lists: Record<StyleListKey, string>;
}

/**
 * The share a slang word the person adds is given: the profile keeps a share for each word, and a word typed in has
 * none learnt yet, so it counts as used in half their messages.
 */
const ADDED_SLANG_SHARE = 0.5;

function shareOf(profile: StyleProfile, key: StyleShareKey): number {
  switch (key) {
    case 'starts_capital':
    case 'all_lowercase':
      return profile.capitals[key];
    case 'emoji':
    case 'greetings':
    case 'sign_offs':
      return profile[key].rate;
    case 'question_rate':
      return profile.question_rate;
    default:
      return profile.endings[key];
  }
}

const percent = (share: number) => String(Math.round(share * 100));
const listText = (entries: readonly string[]) => entries.join(', ');

/** The form's fields for a profile. */
export function styleDraftOf(profile: StyleProfile): StyleDraft {
  return {
    words: String(Math.round(profile.length.words * 10) / 10),
    shares: Object.fromEntries(
      STYLE_SHARE_FIELDS.map(({ key }) => [key, percent(shareOf(profile, key))]),
    ) as Record<StyleShareKey, string>,
    lists: {
      emoji: listText(profile.emoji.favourites),
      slang: listText(profile.slang.map(({ word }) => word)),
      greetings: listText(profile.greetings.words),
      sign_offs: listText(profile.sign_offs.words),
    },
  };
}

/** A comma-separated list as typed: its entries trimmed; an empty box is an empty list. */
export function styleEntriesOf(text: string): string[] {
  return text.trim() ? text.split(',').map((entry) => entry.trim()) : [];
}

/** A typed number within 0 and `max`, or null when it is not one. */
function numberIn(text: string, max: number): number | null {
  if (!text.trim()) return null;
  const value = Number(text);
  return Number.isFinite(value) && value >= 0 && value <= max ? value : null;
}

export type StyleDraftProblems = Partial<Record<'words' | StyleShareKey, string>>;

/**
 * The profile the form holds, over the one it started from (what the form does not show is kept), or the fields
 * whose numbers are not numbers in range.
 */
export function styleProfileOfDraft(
  draft: StyleDraft,
  before: StyleProfile,
): { profile: StyleProfile } | { problems: StyleDraftProblems } {
  const problems: StyleDraftProblems = {};
  const words = numberIn(draft.words, 1_000);
  if (words === null) problems.words = 'Enter a number of words from 0 to 1,000.';
  const shares = {} as Record<StyleShareKey, number>;
  for (const { key } of STYLE_SHARE_FIELDS) {
    const value = numberIn(draft.shares[key], 100);
    if (value === null) problems[key] = 'Enter a percentage from 0 to 100.';
    else shares[key] = value / 100;
  }
  if (Object.keys(problems).length > 0 || words === null) return { problems };

  const slangShares = new Map(before.slang.map(({ word, rate }) => [word, rate]));
  return {
    profile: {
      ...before,
      length: { ...before.length, words },
      capitals: { starts_capital: shares.starts_capital, all_lowercase: shares.all_lowercase },
      endings: {
        period: shares.period,
        exclamation: shares.exclamation,
        question: shares.question,
        none: shares.none,
        double_exclamation: shares.double_exclamation,
        ellipsis: shares.ellipsis,
      },
      emoji: { rate: shares.emoji, favourites: styleEntriesOf(draft.lists.emoji) },
      slang: styleEntriesOf(draft.lists.slang).map((word) => ({
        word,
        rate: slangShares.get(word) ?? ADDED_SLANG_SHARE,
      })),
      question_rate: shares.question_rate,
      greetings: { rate: shares.greetings, words: styleEntriesOf(draft.lists.greetings) },
      sign_offs: { rate: shares.sign_offs, words: styleEntriesOf(draft.lists.sign_offs) },
    },
  };
}
