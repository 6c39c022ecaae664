import { describeStyle } from './describe-style';
import { type StyleProfile, styleProfileOf } from './style-profile';

const plain: StyleProfile = {
  sampleCount: 40,
  length: { words: 12, characters: 60 },
  capitals: { startsCapital: 0.9, allLowercase: 0.05 },
  endings: { period: 0.7, exclamation: 0.1, question: 0.2, none: 0, doubleExclamation: 0, ellipsis: 0 },
  emoji: { rate: 0, favourites: [] },
  slang: [],
  questionRate: 0.2,
  greetings: { rate: 0, words: [] },
  signOffs: { rate: 0, words: [] },
};

describe('describeStyle: the profile in plain words', () => {
  it('says every trait, in a fixed order', () => {
    expect(describeStyle(plain)).toEqual([
      'Medium-length messages, about 12 words',
      'Starts messages with a capital',
      'Ends with a full stop',
      'Rarely uses emoji',
      'No slang or abbreviations',
      'Asks questions sometimes',
    ]);
  });

  it('describes a short, lowercase writer who says lol and uses emoji often', () => {
    const casual: StyleProfile = {
      ...plain,
      length: { words: 6, characters: 28 },
      capitals: { startsCapital: 0.1, allLowercase: 0.85 },
      endings: { ...plain.endings, period: 0.05, none: 0.75, doubleExclamation: 0.3 },
      emoji: { rate: 0.7, favourites: ['😂', '🙌'] },
      slang: [
        { word: 'lol', rate: 0.4 },
        { word: 'tbh', rate: 0.1 },
      ],
      questionRate: 0.05,
      greetings: { rate: 0.3, words: ['heyy', 'yo'] },
      signOffs: { rate: 0.2, words: ['gn'] },
    };
    expect(describeStyle(casual)).toEqual([
      'Short messages, about 6 words',
      'Mostly lowercase',
      'Usually no punctuation at the end',
      'Doubles exclamation marks (!!)',
      'Uses emoji often: 😂 🙌',
      'Says lol, tbh',
      'Rarely asks questions',
      'Opens with heyy, yo',
      'Signs off with gn',
    ]);
  });

  it('names very short and long writers, and a single word', () => {
    const lengthLine = (words: number) => describeStyle({ ...plain, length: { words, characters: 5 } })[0];
    expect(lengthLine(1)).toBe('Very short messages, about 1 word');
    expect(lengthLine(2.5)).toBe('Very short messages, about 3 words');
    expect(lengthLine(30)).toBe('Long messages, about 30 words');
  });

  it('says sometimes for emoji in a few messages, and lots for questions in most', () => {
    const lines = describeStyle({ ...plain, emoji: { rate: 0.2, favourites: ['🔥'] }, questionRate: 0.6 });
    expect(lines).toContain('Uses emoji sometimes: 🔥');
    expect(lines).toContain('Asks lots of questions');
  });

  it('says when it has nothing to go on yet', () => {
    expect(describeStyle(styleProfileOf([]))).toEqual(['Not enough of your messages yet to know your style']);
  });

  it('gives the same lines for the same messages', () => {
    const samples = ['hey lol 😂', 'Sure thing.', 'what time?'];
    expect(describeStyle(styleProfileOf(samples))).toEqual(describeStyle(styleProfileOf([...samples])));
  });
});
