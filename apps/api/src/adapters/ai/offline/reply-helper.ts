import type { SuggestionKind } from '@wingmate/api-contract';
import type { ReplyMode, ReplyTone } from '../ports';
import type { Random } from '../prng';
import { capitalise, normalise } from '../text';
import type { ReplyContext } from './replies';

type Line = (topic: string | undefined) => string;

/** First messages in each tone; `topic` is the match's interest (or the user's) when one is known. */
const OPENERS: Record<ReplyTone, readonly Line[]> = {
  playful: [
    (t) =>
      t
        ? `"Important question: is ${t} a hobby or a whole personality? Asking for me."`
        : `"Important question: pineapple on pizza, yes or no? This decides everything."`,
    () => `"Rate your week out of 10, then I'll tell you if you're lying."`,
    () => `"I was told to open with something clever, so: hi, I'm clever."`,
  ],
  flirty: [
    (t) =>
      t
        ? `"Someone into ${t} with that smile? I had to say hi."`
        : `"Your profile made me smile, so I had to say hi."`,
    () => `"I had a whole opener planned, then I saw your photos and forgot it."`,
    () => `"Tell me your idea of a perfect first date and I'll tell you if I'm free."`,
  ],
  witty: [
    (t) =>
      t
        ? `"On a scale from one to ${t}, how is your week going?"`
        : `"On a scale from one to Monday, how is your week going?"`,
    () => `"I'd use a pickup line, but I'd rather hear your best one."`,
    () => `"Let's skip the small talk: what's your most controversial food opinion?"`,
  ],
  sincere: [
    (t) =>
      t
        ? `"I noticed you're into ${t}. What got you started? I'd love to hear it."`
        : `"Your profile felt really genuine. What's something that made you happy this week?"`,
    () => `"Hi! I'd love to get to know you. What does a good day look like for you?"`,
    () => `"What's something you're looking forward to right now?"`,
  ],
  confident: [
    (t) =>
      t
        ? `"You like ${t}, I like good conversation. Let's see if we can combine the two."`
        : `"I'll skip the small talk: tell me the best thing about your week."`,
    () => `"Hi. I think we'd get along. Prove me right: what are you up to this weekend?"`,
    () => `"You seem interesting. Let's find out if I'm right: coffee or cocktails?"`,
  ],
};

/** Answers to the match's message; `keyword` is the longest telling word of it. */
const REPLIES: Record<ReplyTone, readonly Line[]> = {
  playful: [
    (k) =>
      k
        ? `"${capitalise(k)}? Okay, now you have to tell me everything."`
        : `"Okay, now you have to tell me everything."`,
    () => `"Ha! I'm going to need the director's cut of that story."`,
  ],
  flirty: [
    () => `"I like where this is going. Tell me more, I'm all yours."`,
    (k) =>
      k ? `"${capitalise(k)}, and you're cute? Unfair."` : `"You're making it very hard to play it cool."`,
  ],
  witty: [
    (k) =>
      k
        ? `"${capitalise(k)}? Bold move. I respect it, and I have questions."`
        : `"Bold move. I respect it, and I have questions."`,
    () => `"That's the best plot twist I've read all week."`,
  ],
  sincere: [
    () => `"That's really lovely to hear. What did you enjoy most about it?"`,
    (k) =>
      k
        ? `"I love that you mentioned ${k}. How did you get into it?"`
        : `"Thanks for sharing that. How did it make you feel?"`,
  ],
  confident: [
    () => `"Love that. Now tell me what you're doing this weekend."`,
    (k) =>
      k
        ? `"${capitalise(k)}? Then I know exactly where I'm taking you."`
        : `"Noted. I know exactly where I'm taking you."`,
  ],
};

/** Asking them out: a concrete plan with an easy way to say no. */
const DATE_ASKS: Record<ReplyTone, readonly Line[]> = {
  playful: [
    () => `"I feel like we should settle this debate over tacos. Thursday?"`,
    (t) =>
      t
        ? `"Plot twist: we do ${t} together. This week?"`
        : `"Plot twist: we continue this chat in person. Coffee this week?"`,
  ],
  flirty: [
    () => `"I'd rather hear the rest of this with a drink in hand. Are you free this week?"`,
    () => `"Texting is fun, but I think you'd be even better in person. Drinks Friday?"`,
  ],
  witty: [
    () => `"Proposal: same conversation, better lighting, worse coffee. Saturday?"`,
    () => `"I've run the numbers, and a date is statistically our best move. Thursday at 7?"`,
  ],
  sincere: [
    () => `"I've really enjoyed talking with you. Would you like to get a coffee this week?"`,
    (t) =>
      t
        ? `"I'd love to meet you in person, maybe somewhere with ${t}? No pressure if not."`
        : `"I'd love to meet you in person. Is there a day this week that works for you?"`,
  ],
  confident: [
    () => `"Let's take this offline. Drinks on Thursday at 7, at a place I like?"`,
    () => `"I'd like to take you out. How does Saturday afternoon sound?"`,
  ],
};

const TONES = Object.keys(OPENERS) as ReplyTone[];
const STOP = new Set(
  'the and you your with that this what have just really very about from they them there their would could'.split(
    ' ',
  ),
);

/** A reply to the match's `quote` in `tone`, as the message itself (no quotes around it). */
export function replyInTone(tone: ReplyTone, quote: string, random: Random): string {
  return random.pick(REPLIES[tone])(keywordOf(quote)).replace(/^"|"$/g, '');
}

function keywordOf(quote: string | undefined): string | undefined {
  if (!quote) return undefined;
  const words = normalise(quote)
    .split(' ')
    .filter((word) => word.length > 3 && !STOP.has(word));
  return words.sort((a, b) => b.length - a.length)[0];
}

interface TonedLine {
  readonly tone: ReplyTone;
  readonly line: Line;
}

/**
 * The lines to offer: one in each tone the person's tone order gave (docs/product.md#what-works-for-you), else
 * `count` of the chosen tone's lines, or of every tone's.
 */
function pickLines(
  c: ReplyContext,
  table: Record<ReplyTone, readonly Line[]>,
  count: number,
): readonly TonedLine[] {
  const ordered = c.helper?.tone ? undefined : c.helper?.tones;
  if (ordered?.length) return ordered.map((tone) => ({ tone, line: c.random.pick(table[tone]) }));
  const tones = c.helper?.tone ? [c.helper.tone] : TONES;
  const lines = tones.flatMap((tone) => table[tone].map((line) => ({ tone, line })));
  return c.random.sample(lines, count);
}

/** The offered messages as the reply's bullets, each kept with its kind and tone. */
function bullets(
  c: ReplyContext,
  kind: SuggestionKind,
  lines: readonly TonedLine[],
  value: string | undefined,
) {
  return lines.map(({ tone, line }) => `• ${c.offered.quote(kind, tone, line(value))}`).join('\n');
}

const COUNTS = ['One', 'Two', 'Three', 'Four', 'Five'];
const countWord = (lines: readonly TonedLine[]) => COUNTS[lines.length - 1] ?? String(lines.length);
const toneWord = (tone: ReplyTone | undefined) => (tone ? `${tone} ` : '');

function openers(c: ReplyContext, tone: ReplyTone | undefined): string {
  const topic = c.conversation.matchInterest ?? c.details.interests[0];
  const why = c.conversation.matchInterest
    ? `They mentioned ${c.conversation.matchInterest}: bring it up, and they will know you read their profile.`
    : 'Tell me something from their profile and I can make these more personal.';
  const lines = pickLines(c, OPENERS, 3);
  return `${countWord(lines)} ${toneWord(tone)}openers to try:\n${bullets(c, 'opener', lines, topic)}\n${why}`;
}

function reply(c: ReplyContext, tone: ReplyTone | undefined): string {
  const quote = c.conversation.quote;
  if (!quote) {
    const screenshot = c.photoNotes ? "I can't read the words in a screenshot on the offline model. " : '';
    return `${screenshot}Paste their message in quotes, like: she said "…", and I'll write you ${tone ? `a ${tone}` : 'a'} reply that fits.`;
  }
  const lines = pickLines(c, REPLIES, 2);
  const ways = countWord(lines);
  return `They wrote "${quote}". ${ways} ${toneWord(tone)}${ways === 'One' ? 'way' : 'ways'} to answer:\n${bullets(c, 'reply', lines, keywordOf(quote))}\nEnd with a question, so the conversation keeps going.`;
}

function dateAsk(c: ReplyContext, tone: ReplyTone | undefined): string {
  const interest = c.conversation.matchInterest;
  const lead = interest
    ? `They love ${interest}: a plan around it makes yes easy.`
    : 'Ask with a concrete plan (a day and a place) and keep it light.';
  const lines = pickLines(c, DATE_ASKS, 2);
  const ways = countWord(lines);
  // Asking out is a message in a running conversation: it is offered, and learnt from, as a reply.
  return `${lead} ${ways} ${toneWord(tone)}${ways === 'One' ? 'way' : 'ways'} to ask them out:\n${bullets(c, 'reply', lines, interest)}`;
}

const WRITERS: Record<ReplyMode, (c: ReplyContext, tone: ReplyTone | undefined) => string> = {
  opener: openers,
  reply,
  ask_for_date: dateAsk,
};

/**
 * The reply helper's answer (docs/decisions.md#calls): the chosen mode decides what is written, the chosen tone which
 * lines. A tone alone shapes openers and replies the person asked for in words; other chat stays as it is (undefined).
 */
export function helperReply(c: ReplyContext): string | undefined {
  const helper = c.helper;
  if (!helper?.mode && !helper?.tone) return undefined;
  const intent = c.conversation.intent;
  const mode =
    helper.mode ?? (intent === 'opener' ? 'opener' : intent === 'match_reply' ? 'reply' : undefined);
  return mode ? WRITERS[mode](c, helper.tone) : undefined;
}
