import { soundsLikeScore } from './sounds-like';
import { styleProfileOf } from './style-profile';
import { messagesOf, syntheticPeople } from './synthetic-people.cases';

/** The area under the ROC curve: the chance that one of `own` outscores one of `others`, ties counting half. */
function rocAuc(own: readonly number[], others: readonly number[]): number {
  let wins = 0;
  for (const a of own) for (const b of others) wins += a > b ? 1 : a === b ? 0.5 : 0;
  return wins / (own.length * others.length);
}

const corpus = syntheticPeople.map((person) => {
  const messages = messagesOf(person, 60, 'corpus');
  return { person, messages, profile: styleProfileOf(messages.slice(0, 40)), heldOut: messages.slice(40) };
});

describe('the "sounds like you" score tells a person from others', () => {
  it.each(corpus.map((entry) => [entry.person.name, entry] as const))(
    "%s: own held-out messages against everyone else's have an AUC of at least 0.8",
    (_name, { person, profile, heldOut }) => {
      const others = corpus.filter((entry) => entry.person !== person).flatMap((entry) => entry.messages);
      const auc = rocAuc(
        heldOut.map((text) => soundsLikeScore(text, profile)),
        others.map((text) => soundsLikeScore(text, profile)),
      );
      expect(auc).toBeGreaterThanOrEqual(0.8);
    },
  );
});

const casual = styleProfileOf([
  'lol that sounds fun',
  'u free later',
  'haha same',
  'omg no way lol',
  'just got home',
  'tbh i loved it',
  'what r u up to',
  'lol ok',
]);
const proper = styleProfileOf([
  'That sounds like a lovely plan.',
  'I finished work late today.',
  'How was your weekend?',
  'The concert was wonderful.',
  'I am free on Thursday evening.',
]);
const excited = styleProfileOf([
  'Yes!! 😍',
  'So good!! 🙌',
  'Love it!! 😍',
  'Best day ever!! 😍🙌',
  'Omg yes!! ✨',
]);
const greeter = styleProfileOf(['hey how was work x', 'hey just landed x', 'hey miss u x', 'hey ok x']);

describe('each trait of a message moves the score', () => {
  it('length: a long message is further from a short writer than a short one', () => {
    const long =
      'lol that sounds fun and i think we should go to the market and then get food and then see a film';
    expect(soundsLikeScore(long, casual)).toBeLessThan(soundsLikeScore('lol that sounds fun', casual));
  });

  it('capitals: a capital is out of character for a lowercase writer, and the reverse', () => {
    expect(soundsLikeScore('Sounds fun', casual)).toBeLessThan(soundsLikeScore('sounds fun', casual));
    expect(soundsLikeScore('see you on friday.', proper)).toBeLessThan(
      soundsLikeScore('See you on Friday.', proper),
    );
  });

  it('punctuation: a full stop is out of character for someone who never ends with one', () => {
    expect(soundsLikeScore('sounds fun.', casual)).toBeLessThan(soundsLikeScore('sounds fun', casual));
    expect(soundsLikeScore('See you on Friday', proper)).toBeLessThan(
      soundsLikeScore('See you on Friday.', proper),
    );
  });

  it('"!!": leaving it out is out of character for someone who always doubles it', () => {
    expect(soundsLikeScore('So fun! 😍', excited)).toBeLessThan(soundsLikeScore('So fun!! 😍', excited));
  });

  it('emoji: none, or only ones they never use, are further from an emoji writer than their favourites', () => {
    const favourite = soundsLikeScore('So fun!! 😍', excited);
    expect(soundsLikeScore('So fun!!', excited)).toBeLessThan(favourite);
    expect(soundsLikeScore('So fun!! 🐢', excited)).toBeLessThan(favourite);
    expect(soundsLikeScore('See you on Friday. 😍', proper)).toBeLessThan(
      soundsLikeScore('See you on Friday.', proper),
    );
  });

  it('slang: their own slang is in character, slang they never use is not', () => {
    expect(soundsLikeScore('lol sounds fun', casual)).toBeGreaterThanOrEqual(
      soundsLikeScore('sounds fun', casual),
    );
    expect(soundsLikeScore('ngl sounds fun', casual)).toBeLessThan(soundsLikeScore('sounds fun', casual));
    expect(soundsLikeScore('See you on Friday lol.', proper)).toBeLessThan(
      soundsLikeScore('See you on Friday.', proper),
    );
  });

  it('slang: a word the person added to the profile by hand counts when a text says it', () => {
    const own = { ...casual, slang: [...casual.slang, { word: 'bestie', rate: 0.9 }] };
    expect(soundsLikeScore('haha bestie same', own)).toBeGreaterThan(soundsLikeScore('haha same', own));
    expect(soundsLikeScore('haha bestie same', casual)).toBe(soundsLikeScore('haha same', casual));
  });

  it('questions: a question is out of character for someone who never asks', () => {
    expect(soundsLikeScore('So fun?? 😍', excited)).toBeLessThan(soundsLikeScore('So fun!! 😍', excited));
  });

  it('greetings and sign-offs: theirs are in character, other ones are not', () => {
    expect(soundsLikeScore('hey see u soon x', greeter)).toBeGreaterThan(
      soundsLikeScore('yo see u soon x', greeter),
    );
    expect(soundsLikeScore('hey see u soon x', greeter)).toBeGreaterThan(
      soundsLikeScore('hey see u soon cheers', greeter),
    );
  });
});

describe('the score itself', () => {
  it('is a whole number from 0 to 100, 100 for a message just like theirs', () => {
    const scores = corpus.flatMap(({ profile }) =>
      ['k', 'Hello there!', '😂', 'lol u up?'].map((text) => soundsLikeScore(text, profile)),
    );
    for (const score of scores) {
      expect(Number.isInteger(score)).toBe(true);
      expect(score).toBeGreaterThanOrEqual(0);
      expect(score).toBeLessThanOrEqual(100);
    }
    expect(soundsLikeScore('Love it!! 😍', excited)).toBe(100);
  });

  it('scores a message without letters on the traits it has', () => {
    expect(soundsLikeScore('😍', excited)).toBeGreaterThan(soundsLikeScore('😍', proper));
  });

  it('is 50 when the profile knows nothing yet', () => {
    expect(soundsLikeScore('anything at all', styleProfileOf([]))).toBe(50);
  });

  it('is the same for the same text and profile', () => {
    const [{ profile, heldOut }] = corpus as [(typeof corpus)[number]];
    expect(heldOut.map((text) => soundsLikeScore(text, profile))).toEqual(
      heldOut.map((text) =>
        soundsLikeScore(text, styleProfileOf(messagesOf(syntheticPeople[0]!, 60, 'corpus').slice(0, 40))),
      ),
    );
  });
});
