import Type, { type Static } from 'typebox';
import { ChatTone, SuggestionKind } from './suggestion';
import { Id, NoContent, Nullable, Timestamp, Uid } from './common';
import { AuthenticationError, DetailError, FieldErrors } from './errors';
import { defineOperation } from './operation';
import { styleRoutes } from './style.routes';

// Sounds like me, and what works for you (docs/product.md#sounds-like-me): the person's texting style, learnt from
// their own messages, adapts every suggestion and scores it; each suggestion can be marked sent, then replied to or
// not, and those outcomes order the tones offered. A member's by token; a visitor's by `?uid=`, moved to the
// account on sign-up like the rest of a visitor's data.

// ---------------------------------------------------------------------------------------------------------------
// Limits (docs/decisions.md#sounds-like-me)

export const STYLE_LIMITS = {
  /** The newest of the person's messages kept and learnt from. */
  samplesKept: 500,
  /** A pasted text: one message a line. */
  pastedLength: 20_000,
  /** A message is read up to this many characters. */
  sampleLength: 1_000,
  /** Entries of a list in the profile (emoji, slang, greetings, sign-offs), each a word or two. */
  listLength: 12,
  entryLength: 24,
  /** The prior's weight from everyone's outcomes in the tone order. */
  priorWeight: 10,
} as const;

// ---------------------------------------------------------------------------------------------------------------
// Suggestions

/** `sent`: the person sent it; then `replied`, `no_reply` or, in a match, `date_planned`. */
export const SuggestionOutcome = Type.Union(
  [Type.Literal('sent'), Type.Literal('replied'), Type.Literal('no_reply'), Type.Literal('date_planned')],
  { description: 'sent, replied, no_reply or date_planned (a suggestion in a match only)' },
);
export type SuggestionOutcome = Static<typeof SuggestionOutcome>;

export const MarkSuggestionBody = Type.Object({ outcome: SuggestionOutcome });
export type MarkSuggestionBody = Static<typeof MarkSuggestionBody>;

/** A suggestion as marked: sent or not, and what came of it. */
export const SuggestionState = Type.Object({
  id: Type.String(),
  kind: SuggestionKind,
  tone: ChatTone,
  sent: Type.Boolean(),
  outcome: Nullable(
    Type.Union([Type.Literal('replied'), Type.Literal('no_reply'), Type.Literal('date_planned')]),
  ),
  /** The match it was offered in, if any. */
  match_id: Nullable(Id),
});
export type SuggestionState = Static<typeof SuggestionState>;

// ---------------------------------------------------------------------------------------------------------------
// The style profile

const Share = Type.Number({ minimum: 0, maximum: 1 });
const Word = Type.String({ minLength: 1, maxLength: STYLE_LIMITS.entryLength });
const Words = Type.Array(Word, { maxItems: STYLE_LIMITS.listLength });
const Habit = Type.Object({ rate: Share, words: Words });

/**
 * How the person texts. Every share is 0 to 1 of their messages; lists are ordered most used first. Learnt from
 * their messages, and the person may edit it.
 */
export const StyleProfile = Type.Object({
  /** Messages it was learnt from. */
  sample_count: Type.Integer({ minimum: 0 }),
  /** The median message, in words and in characters (an emoji counts as one). */
  length: Type.Object({
    words: Type.Number({ minimum: 0, maximum: STYLE_LIMITS.sampleLength }),
    characters: Type.Number({ minimum: 0, maximum: STYLE_LIMITS.sampleLength }),
  }),
  /** Of messages with letters: starting with a capital, and with no capital at all. */
  capitals: Type.Object({ starts_capital: Share, all_lowercase: Share }),
  /** How messages end (the first four add up to 1), and "!!" or "..." anywhere. */
  endings: Type.Object({
    period: Share,
    exclamation: Share,
    question: Share,
    none: Share,
    double_exclamation: Share,
    ellipsis: Share,
  }),
  emoji: Type.Object({ rate: Share, favourites: Words }),
  /** Abbreviations and slang used, with the share of messages using each. */
  slang: Type.Array(Type.Object({ word: Word, rate: Share }), { maxItems: STYLE_LIMITS.listLength }),
  question_rate: Share,
  greetings: Habit,
  sign_offs: Habit,
});
export type StyleProfile = Static<typeof StyleProfile>;

/** The person's style: the profile (null until they give messages), in plain words, and how it came to be. */
export const Style = Type.Object({
  profile: Nullable(StyleProfile),
  /** The profile in plain words, one line each ("Mostly lowercase", "Says lol, tbh"). */
  words: Type.Array(Type.String()),
  /** Messages kept to learn from. */
  sample_count: Type.Integer({ minimum: 0 }),
  /** The person changed the profile by hand since it was last learnt. */
  edited: Type.Boolean(),
  updated_at: Nullable(Timestamp),
});
export type Style = Static<typeof Style>;

/**
 * Messages of the person's own to learn from: pasted (one a line), or their side of a match's transcript. Exactly
 * one of the two. They join those kept (the newest 500), and the profile is learnt again from all of them,
 * replacing an edited one.
 */
export const AddStyleSamplesBody = Type.Object({
  text: Type.Optional(Type.String({ minLength: 1, maxLength: STYLE_LIMITS.pastedLength })),
  match_id: Type.Optional(Id),
});
export type AddStyleSamplesBody = Static<typeof AddStyleSamplesBody>;

export const StyleOwnerQuery = Type.Object({ uid: Type.Optional(Uid) });
export type StyleOwnerQuery = Static<typeof StyleOwnerQuery>;

// ---------------------------------------------------------------------------------------------------------------
// What works for you

/** One tone of one kind: the person's outcomes, and the rates the tone order reads. */
export const ToneOutcomes = Type.Object({
  tone: ChatTone,
  /** Suggestions of this kind and tone the person marked sent. */
  sent: Type.Integer({ minimum: 0 }),
  replied: Type.Integer({ minimum: 0 }),
  no_reply: Type.Integer({ minimum: 0 }),
  date_planned: Type.Integer({ minimum: 0 }),
  /** The person's own reply rate (a date planned counts as a reply); null before any outcome. */
  reply_rate: Nullable(Share),
  /** Everyone's reply rate for this kind and tone; null before anyone's outcome. */
  everyone_rate: Nullable(Share),
  /** What the order expects: the person's outcomes on a prior of weight 10 from everyone's. */
  expected_rate: Share,
});
export type ToneOutcomes = Static<typeof ToneOutcomes>;

export const KindOutcomes = Type.Object({
  kind: SuggestionKind,
  /** Tones by expected reply rate, best first (the numbers behind the order; each offer draws its own). */
  tones: Type.Array(ToneOutcomes),
});
export type KindOutcomes = Static<typeof KindOutcomes>;

export const WhatWorks = Type.Object({ kinds: Type.Array(KindOutcomes) });
export type WhatWorks = Static<typeof WhatWorks>;

// ---------------------------------------------------------------------------------------------------------------
// Operations (docs/product.md#sounds-like-me)

/** 401 for a bad token; 403 for a uid that belongs to another account, or no uid and no token. */
const byOwner = { 401: AuthenticationError, 403: DetailError } as const;

export const getStyle = defineOperation({
  ...styleRoutes.getStyle,
  summary: "The person's texting style: the profile learnt from their messages, in plain words",
  query: StyleOwnerQuery,
  responses: { 200: Style, 400: FieldErrors, ...byOwner },
});

export const addStyleSamples = defineOperation({
  ...styleRoutes.addStyleSamples,
  summary:
    'Give messages of your own (pasted, or your side of a match) and learn the profile from them again',
  description:
    '400 when neither or both of `text` and `match_id` are given, or they hold no message; 404 for a match not found.',
  query: StyleOwnerQuery,
  body: AddStyleSamplesBody,
  responses: { 200: Style, 400: FieldErrors, ...byOwner, 404: DetailError },
});

export const updateStyleProfile = defineOperation({
  ...styleRoutes.updateStyleProfile,
  summary: 'Edit the style profile by hand',
  description: '404 before the person has given any message to learn from.',
  query: StyleOwnerQuery,
  body: StyleProfile,
  responses: { 200: Style, 400: FieldErrors, ...byOwner, 404: DetailError },
});

export const deleteStyle = defineOperation({
  ...styleRoutes.deleteStyle,
  summary: 'Forget the style: the messages kept and the profile',
  query: StyleOwnerQuery,
  responses: { 204: NoContent, 400: FieldErrors, ...byOwner },
});

export const SuggestionParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });
export type SuggestionParams = Static<typeof SuggestionParams>;

export const markSuggestion = defineOperation({
  ...styleRoutes.markSuggestion,
  summary: 'Mark a suggestion: sent, then replied, no reply or (in a match) date planned',
  description:
    'An outcome marks the suggestion sent too; a later outcome replaces an earlier one. 400 on `outcome` for ' +
    '`date_planned` outside a match; 404 for a suggestion not offered to this person.',
  params: SuggestionParams,
  query: StyleOwnerQuery,
  body: MarkSuggestionBody,
  responses: { 200: SuggestionState, 400: FieldErrors, ...byOwner, 404: DetailError },
});

export const getWhatWorks = defineOperation({
  ...styleRoutes.getWhatWorks,
  summary: "What works for you: each kind's tones with the person's outcomes and the rates behind the order",
  query: StyleOwnerQuery,
  responses: { 200: WhatWorks, 400: FieldErrors, ...byOwner },
});

export const styleOperations = {
  getStyle,
  addStyleSamples,
  updateStyleProfile,
  deleteStyle,
  markSuggestion,
  getWhatWorks,
};
