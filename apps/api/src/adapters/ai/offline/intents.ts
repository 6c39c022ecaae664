import { normalise } from '../text';

export const INTENTS = [
  'greeting',
  'opener',
  'match_reply',
  'bio_help',
  'photo',
  'small_talk',
  'other',
] as const;
export type Intent = (typeof INTENTS)[number];

/** A phrase (whole words, matched on the normalised text) or a pattern on the raw text, with its weight. */
type Feature = readonly [phrase: string | RegExp, weight: number];

const FEATURES: Record<Exclude<Intent, 'other'>, readonly Feature[]> = {
  greeting: [
    ['hi', 2],
    ['hey', 2],
    ['hello', 2],
    ['hiya', 2],
    ['yo', 1.5],
    ['howdy', 2],
    ['sup', 1.5],
    ['hola', 1],
    ['good morning', 2.5],
    ['good evening', 2.5],
    ['good afternoon', 2.5],
    ['morning', 1],
    ['heyy', 2],
    ['heyyy', 2],
    ['nice to meet you', 2.5],
    ['whats up', 2],
    ["what's up", 2],
    ['wassup', 2],
    [/👋|🙋/u, 2],
  ],
  opener: [
    ['opener', 3],
    ['openers', 3],
    ['opening line', 3],
    ['first message', 3],
    ['pickup line', 3],
    ['pick up line', 3],
    ['icebreaker', 3],
    ['ice breaker', 3],
    ['how do i start', 2.5],
    ['start a conversation', 2.5],
    ['start the conversation', 2.5],
    ['what should i say first', 3],
    ['say first', 2],
    ['message first', 2],
    ['break the ice', 3],
    ['conversation starter', 3],
    ['first text', 2.5],
    ['we matched', 1.5],
    ['just matched', 2],
    ['new match', 1.5],
    ['send her', 1],
    ['send him', 1],
    ['how to open', 2.5],
    ['what to say to', 1.5],
    ['line', 0.5],
  ],
  match_reply: [
    ['she said', 3],
    ['he said', 3],
    ['they said', 3],
    ['she wrote', 3],
    ['he wrote', 3],
    ['she texted', 3],
    ['he texted', 3],
    ['she replied', 3],
    ['he replied', 3],
    ['my match said', 3.5],
    ['match said', 3],
    ['how do i reply', 3],
    ['how should i reply', 3],
    ['what should i reply', 3],
    ['how do i respond', 3],
    ['what do i say back', 3],
    ['say back', 2],
    ['reply to', 2],
    ['respond to', 2],
    ['answer her', 2],
    ['answer him', 2],
    ['left me on read', 2.5],
    ['ghosted', 2],
    ['she asked', 2],
    ['he asked', 2],
    ['she sent', 2],
    ['he sent', 2],
    ['texted me', 2],
    ['messaged me', 2],
    ['replied', 1],
    ['help me reply', 3.5],
    ['help me respond', 3.5],
    [/["“”«»]\s*[^"“”«»]{3,}\s*["“”«»]/u, 1.5],
  ],
  bio_help: [
    ['bio', 3],
    ['my bio', 3.5],
    ['profile', 1.5],
    ['about me', 3],
    ['prompt', 2],
    ['prompts', 2],
    ['hinge prompt', 3],
    ['describe myself', 2.5],
    ['write my', 1.5],
    ['rewrite', 1.5],
    ['tagline', 2],
    ['headline', 1.5],
    ['my profile', 2],
    ['profile text', 3],
    ['self description', 2.5],
  ],
  photo: [
    ['photo', 3],
    ['photos', 3],
    ['pic', 3],
    ['pics', 3],
    ['picture', 3],
    ['pictures', 3],
    ['selfie', 3],
    ['selfies', 3],
    ['main photo', 3.5],
    ['profile picture', 3.5],
    ['pfp', 3],
    ['lighting', 1.5],
    ['camera', 1.5],
    ['angle', 1],
    ['outfit', 1.5],
    ['shot', 1],
    [/📸|🤳|📷|🖼/u, 3],
  ],
  small_talk: [
    ['how are you', 3],
    ['how are u', 3],
    ['how r u', 3],
    ["how's it going", 3],
    ['hows it going', 3],
    ['how is your day', 3],
    ['how was your day', 3],
    ['what are you doing', 2.5],
    ['what are you up to', 2.5],
    ['thank you', 2],
    ['thanks', 2],
    ['thx', 2],
    ['lol', 1.5],
    ['haha', 1.5],
    ['lmao', 1.5],
    ['i feel', 1.5],
    ["i'm bored", 2.5],
    ['bored', 1.5],
    ['lonely', 2],
    ['tired', 1.5],
    ['sad', 1.5],
    ['happy', 1],
    ['weekend', 1],
    ['weather', 1.5],
    ['who are you', 2.5],
    ['are you real', 2.5],
    ['are you a bot', 2.5],
    ['good night', 2.5],
    ['love you', 1.5],
    ['miss you', 1.5],
    ['tell me a joke', 3],
    ['joke', 2],
    [/😂|🤣|😊|❤️|🥰|😢|😭|😴|🙏/u, 1.5],
  ],
};

/** Words that say "more of what you just did", so a short follow-up keeps the previous topic. */
const MORE = [
  'another',
  'another one',
  'more',
  'more ideas',
  'again',
  'other ideas',
  'something else',
  'what else',
  'next',
  'different one',
  'give me more',
  'one more',
];

const THRESHOLD = 1.5;

export interface Recognised {
  readonly intent: Intent;
  readonly score: number;
  /** The scores of every intent, for the log and the tests. */
  readonly scores: Readonly<Record<Intent, number>>;
}

/** Scores each intent by its phrases found in the message; below the threshold it is `other`. */
export function recognise(message: string): Recognised {
  const text = ` ${normalise(message)} `;
  const scores = Object.fromEntries(INTENTS.map((intent) => [intent, 0])) as Record<Intent, number>;
  for (const [intent, features] of Object.entries(FEATURES) as [
    Exclude<Intent, 'other'>,
    readonly Feature[],
  ][]) {
    for (const [phrase, weight] of features) {
      const found = typeof phrase === 'string' ? text.includes(` ${phrase} `) : phrase.test(message);
      if (found) scores[intent] += weight;
    }
  }
  // A greeting word inside a longer question ("hey, how do I reply to...") is only politeness.
  const others = Math.max(...INTENTS.filter((i) => i !== 'greeting').map((i) => scores[i]));
  if (others >= THRESHOLD && text.trim().split(' ').length > 4)
    scores.greeting = Math.min(scores.greeting, 1);
  let best: Intent = 'other';
  for (const intent of INTENTS) if (scores[intent] > scores[best]) best = intent;
  if (scores[best] < THRESHOLD) best = 'other';
  return { intent: best, score: scores[best], scores };
}

/** True for "another one", "more", "again": the user wants more of the previous answer. */
export function asksForMore(message: string): boolean {
  const text = normalise(message);
  return text.split(' ').length <= 5 && MORE.some((phrase) => ` ${text} `.includes(` ${phrase} `));
}
