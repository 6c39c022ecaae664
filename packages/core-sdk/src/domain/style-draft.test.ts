import type { StyleProfile } from '@wingmate/api-contract';
import { styleDraftOf, styleEntriesOf, styleProfileOfDraft } from './style-draft';

const learnt: StyleProfile = {
  sample_count: 40,
  length: { words: 6, characters: 31 },
  capitals: { starts_capital: 0.1, all_lowercase: 0.85 },
  endings: {
    period: 0.05,
    exclamation: 0.1,
    question: 0.15,
    none: 0.7,
    double_exclamation: 0,
    ellipsis: 0.02,
  },
  emoji: { rate: 0.3, favourites: ['😂', '🙌'] },
  slang: [{ word: 'lol', rate: 0.4 }],
  question_rate: 0.2,
  greetings: { rate: 0.25, words: ['hey'] },
  sign_offs: { rate: 0, words: [] },
};

describe('the style profile as a person edits it (docs/product.md#sounds-like-me)', () => {
  it('shows shares as whole percentages and lists separated by commas', () => {
    const draft = styleDraftOf(learnt);
    expect(draft.words).toBe('6');
    expect(draft.shares.all_lowercase).toBe('85');
    expect(draft.shares.none).toBe('70');
    expect(draft.lists.emoji).toBe('😂, 🙌');
    expect(draft.lists.slang).toBe('lol');
  });

  it('gives back the same profile when nothing is changed', () => {
    expect(styleProfileOfDraft(styleDraftOf(learnt), learnt)).toEqual({ profile: learnt });
  });

  it('keeps a learnt slang share and gives an added word half the messages', () => {
    const draft = styleDraftOf(learnt);
    draft.lists.slang = 'lol, tbh';
    draft.shares.question_rate = '50';
    const read = styleProfileOfDraft(draft, learnt);
    expect(read).toMatchObject({
      profile: {
        slang: [
          { word: 'lol', rate: 0.4 },
          { word: 'tbh', rate: 0.5 },
        ],
        question_rate: 0.5,
        sample_count: 40,
        length: { words: 6, characters: 31 },
      },
    });
  });

  it('names each number out of range or not a number, and gives no profile', () => {
    const draft = styleDraftOf(learnt);
    draft.words = 'many';
    draft.shares.emoji = '120';
    draft.shares.period = '';
    expect(styleProfileOfDraft(draft, learnt)).toEqual({
      problems: {
        words: 'Enter a number of words from 0 to 1,000.',
        emoji: 'Enter a percentage from 0 to 100.',
        period: 'Enter a percentage from 0 to 100.',
      },
    });
  });

  it('reads a list as its trimmed entries, an empty box as none', () => {
    expect(styleEntriesOf(' hey ,  yo')).toEqual(['hey', 'yo']);
    expect(styleEntriesOf('   ')).toEqual([]);
  });
});
