import type { KindOutcomes, Style, StyleProfile, ToneOutcomes, WhatWorks } from '@wingmate/api-contract';

/** Answers of the style and suggestions calls, for the style stores' tests. */
const AT = '2026-11-28T03:00:00.000Z';

export const profileOf = (fields: Partial<StyleProfile> = {}): StyleProfile => ({
  sample_count: 3,
  length: { words: 4, characters: 18 },
  capitals: { starts_capital: 0, all_lowercase: 1 },
  endings: { period: 0, exclamation: 0, question: 1 / 3, none: 2 / 3, double_exclamation: 0, ellipsis: 0 },
  emoji: { rate: 1 / 3, favourites: ['😂'] },
  slang: [{ word: 'lol', rate: 2 / 3 }],
  question_rate: 1 / 3,
  greetings: { rate: 1 / 3, words: ['hey'] },
  sign_offs: { rate: 0, words: [] },
  ...fields,
});

export const styleOf = (profile: StyleProfile | null = profileOf(), fields: Partial<Style> = {}): Style => ({
  profile,
  words: profile ? ['Mostly lowercase', 'Says lol'] : [],
  sample_count: profile?.sample_count ?? 0,
  edited: false,
  updated_at: profile ? AT : null,
  ...fields,
});

export const toneOf = (tone: ToneOutcomes['tone'], fields: Partial<ToneOutcomes> = {}): ToneOutcomes => ({
  tone,
  sent: 0,
  replied: 0,
  no_reply: 0,
  date_planned: 0,
  reply_rate: null,
  everyone_rate: null,
  expected_rate: 0.5,
  ...fields,
});

export const whatWorksOf = (...kinds: KindOutcomes[]): WhatWorks => ({ kinds });
