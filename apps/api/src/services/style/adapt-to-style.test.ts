import { adaptToStyle } from './adapt-to-style';
import { wordsOf } from './message-style';
import { soundsLikeScore } from './sounds-like';
import { styleProfileOf } from './style-profile';
import { messagesOf, syntheticPeople } from './synthetic-people.cases';

/** Suggestions as the reply helper writes them. */
const suggestions = [
  "That's really lovely to hear. What did you enjoy most about it?",
  "Love that. Now tell me what you're doing this weekend.",
  "I've really enjoyed talking with you. Would you like to get a coffee this week?",
  "Ha! I'm going to need the director's cut of that story.",
  'Bold move. I respect it, and I have questions.',
  'Thanks, I do not know yet, but I want to see you right now',
];

const profiles = syntheticPeople.map((person) => ({
  name: person.name,
  profile: styleProfileOf(messagesOf(person, 40, 'adapt')),
}));
const profileOf = (name: string) => profiles.find((entry) => entry.name.startsWith(name))!.profile;

const lowercase = styleProfileOf([
  'lol u free later tonight or nah',
  'omg u said that to ur boss',
  'u coming to the thing on friday',
  'idk tbh i might just stay home',
  'ok cool see u there then lol',
  'ur sister is so funny lol',
]);
const proper = styleProfileOf(['That sounds lovely.', 'I will see you on Friday.', 'Work was busy today.']);
const excited = styleProfileOf([
  'Yes!! 😍',
  'So good!! 🙌',
  'Love it!! 😍',
  'Best day ever!! 😍',
  'Omg yes!! 😍',
]);

describe('adaptToStyle: a suggestion rewritten toward how the person writes', () => {
  it.each(profiles.map(({ name, profile }) => [name, profile] as const))(
    'never lowers the score (%s)',
    (_name, profile) => {
      const pairs = suggestions.map((text) => [
        soundsLikeScore(text, profile),
        soundsLikeScore(adaptToStyle(text, profile, 'seed'), profile),
      ]);
      for (const [before, after] of pairs) expect(after).toBeGreaterThanOrEqual(before!);
    },
  );

  it("raises the score of most suggestions for writers far from the suggestions' style", () => {
    for (const name of ['lowercase', 'emoji', 'terse', 'hey']) {
      const profile = profileOf(name);
      const raised = suggestions.filter(
        (text) =>
          soundsLikeScore(adaptToStyle(text, profile, 'seed'), profile) > soundsLikeScore(text, profile),
      );
      expect(raised.length).toBeGreaterThanOrEqual(4);
    }
  });

  it('writes lowercase, swaps in their abbreviations and drops the end mark for a lowercase writer', () => {
    expect(adaptToStyle('Are you free on Friday? I want to see you.', lowercase, 'seed')).toBe(
      'are u free on friday? i want to see u',
    );
  });

  it('drops "?" too for someone who never writes one', () => {
    expect(adaptToStyle('How was your day?', lowercase, 'seed')).toBe('how was ur day');
  });

  it('swaps whole words only, and keeps "you\'re" whole for someone who says u but not ur', () => {
    const saysU = styleProfileOf([
      'are u there yet, i am outside',
      'see u soon at the station',
      'miss u already',
    ]);
    expect(adaptToStyle("You're young, you know", saysU, 'seed')).toBe("you're young, u know");
  });

  it('capitalises and ends with a full stop for someone who writes sentences', () => {
    expect(adaptToStyle('see you on friday', proper, 'seed')).toBe('See you on friday.');
  });

  it('adds "!!" and one of their emoji for an excited emoji writer', () => {
    expect(adaptToStyle('That sounds great.', excited, 'seed')).toMatch(/^That sounds great!! (😍|🙌)$/u);
  });

  it('adds no emoji to a suggestion that has one', () => {
    expect(adaptToStyle('That sounds great 🎉', excited, 'seed')).toBe('That sounds great!! 🎉');
  });

  it('drops trailing sentences for a short writer, keeping the start', () => {
    expect(adaptToStyle(suggestions[0]!, profileOf('terse'), 'seed')).toBe("that's really lovely to hear");
  });

  it('keeps every sentence with keepLength (a bio is read whole), while taking on the rest of the style', () => {
    const bio = 'I bake bread on Sundays. Ask me about my dog. You bring the coffee.';
    expect(adaptToStyle(bio, profileOf('terse'), 'seed', { keepLength: true })).toBe(
      'i bake bread on sundays. ask me about my dog. you bring the coffee',
    );
  });

  it('keeps the words otherwise, in their order, for writers without slang', () => {
    for (const name of ['proper', 'long', 'hey']) {
      for (const text of suggestions) {
        const kept = wordsOf(adaptToStyle(text, profileOf(name), 'seed'));
        expect(kept).toEqual(wordsOf(text).slice(0, kept.length));
      }
    }
  });

  it('never answers an empty text', () => {
    expect(adaptToStyle('!', lowercase, 'seed')).toBe('!');
    expect(adaptToStyle('...', proper, 'seed')).not.toBe('');
  });

  it('leaves the text as it is when the profile knows nothing yet', () => {
    expect(adaptToStyle('Hello there.', styleProfileOf([]), 'seed')).toBe('Hello there.');
  });

  it('gives the same rewrite for the same seed, and the seed picks the emoji', () => {
    const rewrites = ['a', 'b', 'c', 'd', 'e', 'f'].map((seed) =>
      adaptToStyle('That sounds great.', excited, seed),
    );
    expect(rewrites).toEqual(
      ['a', 'b', 'c', 'd', 'e', 'f'].map((seed) => adaptToStyle('That sounds great.', excited, seed)),
    );
    expect(new Set(rewrites).size).toBeGreaterThan(1);
  });
});
