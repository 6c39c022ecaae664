import { MAX_STYLE_SAMPLES, styleProfileOf } from './style-profile';

describe('styleProfileOf: what a person does in their own messages', () => {
  it('takes the median length in words and in characters, an emoji counting as one character', () => {
    const profile = styleProfileOf(['one', 'one two three', '👍🏽👍🏽 ok ok']);
    expect(profile.length).toEqual({ words: 2, characters: 8 });
  });

  it('counts messages starting with a capital and messages with no capital, among those with letters', () => {
    const profile = styleProfileOf(['Hello there', 'all lower', 'also lower', 'mixed Case', '😂']);
    expect(profile.capitals).toEqual({ startsCapital: 0.25, allLowercase: 0.5 });
  });

  it('sorts each message by its last mark, looking past emoji and spaces', () => {
    const profile = styleProfileOf(['done.', 'wow! 😂', 'why?', 'nothing', 'so...', 'yes!!']);
    expect(profile.endings).toMatchObject({
      period: 0.333,
      exclamation: 0.333,
      question: 0.167,
      none: 0.167,
    });
  });

  it('counts "!!" and "..." anywhere in a message', () => {
    const profile = styleProfileOf(['wow!! ok', 'hmm… fine', 'well... ok...', 'plain']);
    expect(profile.endings).toMatchObject({ doubleExclamation: 0.25, ellipsis: 0.5 });
  });

  it('counts messages with emoji and lists the most used, ties in the order first met, at most five', () => {
    const profile = styleProfileOf(['😂😂 lol', 'nice 🙌', 'ok 😂', 'plain', '🔥 ✨ 🎉 🥰 👩‍🍳 🙌']);
    expect(profile.emoji.rate).toBe(0.8);
    expect(profile.emoji.favourites).toEqual(['😂', '🙌', '🔥', '✨', '🎉']);
  });

  it('counts a skin tone or a joined emoji as one emoji', () => {
    expect(styleProfileOf(['👍🏽', '👩‍🍳']).emoji.favourites).toEqual(['👍🏽', '👩‍🍳']);
  });

  it('lists the slang from the fixed list with the share of messages using each, stretched spellings included', () => {
    const profile = styleProfileOf(['lol u free', 'lolll ur funny lol', 'hahaha idk', 'no slang here']);
    expect(profile.slang).toEqual([
      { word: 'lol', rate: 0.5 },
      { word: 'u', rate: 0.25 },
      { word: 'ur', rate: 0.25 },
      { word: 'haha', rate: 0.25 },
      { word: 'idk', rate: 0.25 },
    ]);
  });

  it('does not take words that only contain a slang word ("you", "young") for it', () => {
    expect(styleProfileOf(['are you young', 'kind of'])).toMatchObject({ slang: [] });
  });

  it('counts the messages that ask something', () => {
    expect(styleProfileOf(['free friday?', 'sure', 'what? really?', 'ok']).questionRate).toBe(0.5);
  });

  it('finds the greetings a message opens with and the sign-offs it ends with', () => {
    const profile = styleProfileOf([
      'heyyy how are you',
      'Hey you',
      'hey there',
      'hi!',
      'see you then xx',
      'ok gn',
    ]);
    expect(profile.greetings).toEqual({ rate: 0.667, words: ['hey', 'heyy', 'hi'] });
    expect(profile.signOffs).toEqual({ rate: 0.333, words: ['x', 'gn'] });
  });

  it('does not take an ordinary last word ("later", "night") for a sign-off', () => {
    expect(styleProfileOf(["i'll do it later", 'what a night']).signOffs).toEqual({ rate: 0, words: [] });
  });

  it('skips blank messages and says how many it read', () => {
    const profile = styleProfileOf(['hi', '   ', '', 'ok']);
    expect(profile.sampleCount).toBe(2);
  });

  it('reads each message up to 1,000 characters', () => {
    const long = `${'words '.repeat(200)}end!`;
    expect(styleProfileOf([long]).length).toEqual({ words: 167, characters: 1_000 });
    expect(styleProfileOf([long]).endings.exclamation).toBe(0);
  });

  it('reads only the newest messages when given more than it keeps', () => {
    const samples = [...Array.from({ length: MAX_STYLE_SAMPLES }, () => 'lol'), 'Proper.'];
    expect(styleProfileOf(samples).sampleCount).toBe(MAX_STYLE_SAMPLES);
    expect(styleProfileOf(samples).slang).toEqual([{ word: 'lol', rate: 0.998 }]);
  });

  it('knows nothing, and says so with zeros, without messages', () => {
    expect(styleProfileOf([])).toMatchObject({
      sampleCount: 0,
      length: { words: 0, characters: 0 },
      slang: [],
    });
  });

  it('is plain JSON that survives a round trip', () => {
    const profile = styleProfileOf(['Hey! 😂 lol?', 'gn x']);
    expect(JSON.parse(JSON.stringify(profile))).toEqual(profile);
  });
});
