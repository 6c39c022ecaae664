import type {
  Style,
  StyleProfile,
  Suggestion,
  SuggestionKind,
  SuggestionOutcome,
  SuggestionState,
  ToneOutcomes,
  WhatWorks,
} from '@wingmate/api-contract';
import { characterCount } from '../domain/bio-limits';
import { STYLE_LIMITS } from '../domain/style-limits';
import type { StyleChange } from '../stores/style-store';

const counted = (count: number, one: string, many: string) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

// ---------------------------------------------------------------------------------------------------------------
// Sounds like me (docs/product.md#sounds-like-me)

/** What the style screen says while a change is saved. */
export const styleChangeWords: Readonly<Record<StyleChange, string>> = {
  paste: 'Learning your style…',
  match: 'Learning your style…',
  edit: 'Saving your style…',
  forget: 'Forgetting your style…',
};

/** Where the style came from, under it: "Learnt from 120 messages, edited by you". */
export function styleSourceWords(style: Pick<Style, 'profile' | 'sample_count' | 'edited'>): string {
  if (style.profile === null) return 'No messages yet. Paste some of yours, or learn from a match.';
  const learnt = `Learnt from ${counted(style.sample_count, 'message', 'messages')}`;
  return style.edited ? `${learnt}, edited by you` : learnt;
}

/** Pasted text that is blank or too long, checked before it is sent; null when it can be sent. */
export function pastedTextProblem(text: string): string | null {
  if (!text.trim()) return 'Paste some messages of your own first, one a line.';
  return characterCount(text) > STYLE_LIMITS.pastedLength
    ? `You can paste at most ${STYLE_LIMITS.pastedLength.toLocaleString('en-US')} characters at a time.`
    : null;
}

/** The lists of a profile the person edits, with their names. */
const profileLists: readonly (readonly [name: string, entries: (profile: StyleProfile) => string[]])[] = [
  ['Favourite emoji', (profile) => profile.emoji.favourites],
  ['Slang', (profile) => profile.slang.map(({ word }) => word)],
  ['Greetings', (profile) => profile.greetings.words],
  ['Sign-offs', (profile) => profile.sign_offs.words],
];

/**
 * An edited profile's list out of the contract's limits (at most 12 entries, each a word or two of at most 24
 * characters), checked before it is sent; null when it can be sent.
 */
export function styleProfileProblem(profile: StyleProfile): string | null {
  for (const [name, entriesOf] of profileLists) {
    const entries = entriesOf(profile);
    if (entries.length > STYLE_LIMITS.listLength)
      return `${name} can hold at most ${STYLE_LIMITS.listLength} entries.`;
    if (entries.some((entry) => !entry.trim())) return `${name} has an empty entry. Remove it or fill it in.`;
    if (entries.some((entry) => characterCount(entry) > STYLE_LIMITS.entryLength))
      return `Each entry of ${name.toLowerCase()} can be at most ${STYLE_LIMITS.entryLength} characters.`;
  }
  return null;
}

/** "Sounds like you: 82" under a suggestion; null while the person has no style profile to score it against. */
export function soundsLikeYouWords(score: number | null): string | null {
  return score === null ? null : `Sounds like you: ${score}`;
}

// ---------------------------------------------------------------------------------------------------------------
// What works for you (docs/product.md#what-works-for-you)

/** How each outcome reads on its button and once marked, in the order offered. */
export const suggestionOutcomeWords: Readonly<Record<SuggestionOutcome, string>> = {
  sent: 'Sent',
  replied: 'They replied',
  no_reply: 'No reply',
  date_planned: 'Date planned',
};

/** What a suggestion was marked with, shown on it: the outcome, or "Sent"; null while it is not marked. */
export function markedWords(mark: Pick<SuggestionState, 'sent' | 'outcome'> | undefined): string | null {
  if (mark?.outcome) return suggestionOutcomeWords[mark.outcome];
  return mark?.sent ? suggestionOutcomeWords.sent : null;
}

/** "Date planned" marked on a suggestion made outside a match: the server would refuse it (400). */
export const DATE_PLANNED_ONLY_IN_A_MATCH = 'A date can be planned only on a suggestion made in a match.';

/** How each tone reads on a suggestion and on the card. */
export const toneWords: Readonly<Record<ToneOutcomes['tone'], string>> = {
  playful: 'Playful',
  flirty: 'Flirty',
  witty: 'Witty',
  sincere: 'Sincere',
  confident: 'Confident',
};

/** The card's heading of each kind of suggestion. */
export const suggestionKindWords: Readonly<Record<SuggestionKind, string>> = {
  opener: 'Openers',
  reply: 'Replies',
  bio_line: 'Bio lines',
};

/** Each kind of suggestion as a sentence names one: "the witty opener". */
const suggestionKindNames: Readonly<Record<SuggestionKind, string>> = {
  opener: 'opener',
  reply: 'reply',
  bio_line: 'bio line',
};

/** What can be done with a suggestion: copy it, or mark what came of it. */
export type SuggestionAction = 'copy' | SuggestionOutcome;

const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth'];

/**
 * Which of its kind and tone each suggestion of a list is, where the list holds more than one of them (a chosen
 * tone offers every one in it): 0 for the first, and so on; undefined where it is the only one.
 */
export function suggestionOrdinals(
  suggestions: readonly Pick<Suggestion, 'kind' | 'tone'>[],
): (number | undefined)[] {
  const keyOf = (suggestion: Pick<Suggestion, 'kind' | 'tone'>) => `${suggestion.kind}:${suggestion.tone}`;
  const totals = new Map<string, number>();
  for (const suggestion of suggestions)
    totals.set(keyOf(suggestion), (totals.get(keyOf(suggestion)) ?? 0) + 1);
  const seen = new Map<string, number>();
  return suggestions.map((suggestion) => {
    const key = keyOf(suggestion);
    const index = seen.get(key) ?? 0;
    seen.set(key, index + 1);
    return (totals.get(key) ?? 0) > 1 ? index : undefined;
  });
}

/**
 * The name of a suggestion's button, saying which suggestion it acts on (a list holds several), by tone and kind:
 * "Copy the witty opener", "Mark the playful reply sent", "No reply to the sincere bio line"; with its `ordinal`
 * among others of the same tone and kind, "Mark the second playful reply sent".
 */
export function suggestionActionName(
  action: SuggestionAction,
  suggestion: Pick<Suggestion, 'kind' | 'tone'>,
  ordinal?: number,
): string {
  const which = ordinal === undefined ? '' : `${ORDINALS[ordinal] ?? `number ${ordinal + 1}`} `;
  const it = `the ${which}${toneWords[suggestion.tone].toLowerCase()} ${suggestionKindNames[suggestion.kind]}`;
  switch (action) {
    case 'copy':
      return `Copy ${it}`;
    case 'sent':
      return `Mark ${it} sent`;
    case 'replied':
      return `They replied to ${it}`;
    case 'no_reply':
      return `No reply to ${it}`;
    case 'date_planned':
      return `Date planned from ${it}`;
  }
}

/** What says a suggestion was copied: "Opener copied". */
export const suggestionCopiedWords: Readonly<Record<SuggestionKind, string>> = {
  opener: 'Opener copied',
  reply: 'Reply copied',
  bio_line: 'Bio line copied',
};

/**
 * One tone's line on the card, from the person's own outcomes: "Playful: 4 of 6 got a reply". A date planned
 * counts as a reply, and is said; a suggestion only sent counts in the 6, its reply not yet in.
 */
export function toneOutcomeWords(tone: ToneOutcomes): string {
  const name = toneWords[tone.tone];
  if (tone.sent === 0) return `${name}: none sent yet`;
  const replies = tone.replied + tone.date_planned;
  const dates = tone.date_planned > 0 ? `, ${counted(tone.date_planned, 'date', 'dates')} planned` : '';
  return `${name}: ${replies.toLocaleString('en-US')} of ${tone.sent.toLocaleString('en-US')} got a reply${dates}`;
}

/** The card before the person sent any suggestion. */
export const WHAT_WORKS_EMPTY =
  'Mark the suggestions you send, and what came of them, to see what works for you.';

export interface WhatWorksSection {
  /** The kind's heading: "Replies". */
  heading: string;
  /** A line per tone the person sent, in the order the tones are offered (best expected reply rate first). */
  lines: string[];
}

/**
 * The "What works for you" card: a section per kind the person sent suggestions of; none before they sent any
 * (then the card says WHAT_WORKS_EMPTY). Tones only everyone else sent are left out: the card is the person's own.
 */
export function whatWorksCard(whatWorks: WhatWorks): WhatWorksSection[] {
  return whatWorks.kinds.flatMap(({ kind, tones }) => {
    const sent = tones.filter((tone) => tone.sent > 0);
    return sent.length === 0
      ? []
      : [{ heading: suggestionKindWords[kind], lines: sent.map(toneOutcomeWords) }];
  });
}
