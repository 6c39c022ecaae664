import { hashOf, type Random, seededRandom } from '../../adapters/ai/prng';

/**
 * Synthetic people for the style tests: each writes about the same neutral things (one shared list of phrases) in
 * a style of their own, with some slips out of it, so a score that tells them apart reads style and not topic.
 */

const STATEMENTS = [
  'i went to the market this morning',
  'the weather is nice today',
  'i just got back from work',
  'my sister is visiting this weekend',
  "i'm making pasta tonight",
  'that movie was really good',
  'the concert was great',
  'i finally finished my book',
  'work was so busy today',
  'i found a new coffee place near you',
  'my dog would not stop barking',
  'i started a pottery class',
  'the train was late again',
  "i'm thinking about a trip to the coast",
  'we had a long walk by the river',
  'i tried a new recipe',
  'the gym was packed',
  "i'm watching that new series you told me about",
];

const QUESTIONS = [
  'what are you up to this weekend',
  'how was your day',
  'do you want to grab dinner',
  'have you been to that place',
  'are you free on friday',
  'did you see the game',
  'what kind of music do you like',
  'where did you grow up',
];

const chance = (random: Random, p: number) => random.next() < p;
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1).replace(/\bi\b/g, 'I');
const phrases = (random: Random, count: number) => random.sample(STATEMENTS, count);

export interface SyntheticPerson {
  readonly name: string;
  readonly write: (random: Random) => string;
}

export const syntheticPeople: readonly SyntheticPerson[] = [
  {
    name: 'lowercase, lol, no punctuation',
    write: (random) => {
      const words = chance(random, 0.2)
        ? random.pick(QUESTIONS)
        : phrases(random, random.pick([1, 2])).join(' ');
      const slang = chance(random, 0.6) ? `${random.pick(['lol', 'haha', 'tbh', 'lmao'])} ` : '';
      const text = `${slang}${words}`.replace(/\byou\b/g, 'u').replace(/\byour\b/g, 'ur');
      return chance(random, 0.1) ? capitalised(text) : text;
    },
  },
  {
    name: 'proper sentences with full stops',
    write: (random) => {
      const sentences = phrases(random, 2).map((phrase) => `${capitalised(phrase)}.`);
      if (chance(random, 0.15)) sentences.push(`${capitalised(random.pick(QUESTIONS))}?`);
      if (chance(random, 0.1)) sentences[0] = sentences[0]!.replace(/\.$/, '!');
      return sentences.join(' ');
    },
  },
  {
    name: 'emoji-heavy with !!',
    write: (random) => {
      const lead = chance(random, 0.3) ? 'omg ' : '';
      const end = random.pick(['!!', '!!', '!!!', '!']);
      const emoji = chance(random, 0.85)
        ? ` ${random.sample(['😍', '🙌', '✨', '🥰', '😂'], random.pick([1, 2])).join('')}`
        : '';
      return `${capitalised(`${lead}${random.pick(STATEMENTS)}`)}${end}${emoji}`;
    },
  },
  {
    name: 'terse, one word or two',
    write: (random) => {
      if (chance(random, 0.5)) return random.pick(['k', 'yep', 'sure', 'ok', 'nice', 'cool', 'yeah', 'nope']);
      const short = random.pick(STATEMENTS).split(' ').slice(-2).join(' ');
      return chance(random, 0.2) ? `${capitalised(short)}.` : short;
    },
  },
  {
    name: 'long questions',
    write: (random) => {
      const greeting = chance(random, 0.4) ? 'Hey, ' : '';
      const story = phrases(random, random.pick([2, 3])).join(', and ');
      const dots = chance(random, 0.3) ? '...' : '.';
      return `${capitalised(`${greeting}${story}`)}${dots} ${capitalised(random.pick(QUESTIONS))}?`;
    },
  },
  {
    name: 'hey and a kiss to sign off',
    write: (random) => {
      const greeting = chance(random, 0.7) ? `${random.pick(['hey', 'heyy', 'heyyy'])} ` : '';
      const body = `${greeting}${phrases(random, 1).join('')}`;
      const kiss = chance(random, 0.7) ? ` ${random.pick(['x', 'xx'])}` : '';
      return `${chance(random, 0.5) ? capitalised(body) : body}${kiss}`;
    },
  },
];

/** `count` messages of `person`, the same for the same seed. */
export function messagesOf(person: SyntheticPerson, count: number, seed: string): string[] {
  const random = seededRandom(hashOf('synthetic person', person.name, seed));
  return Array.from({ length: count }, () => person.write(random));
}
