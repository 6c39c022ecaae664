import type { Persona, ReplyHelper, ReplyTone } from '../ports';
import type { Random } from '../prng';
import { capitalise, listOf, normalise } from '../text';
import type { Conversation } from './conversation';
import type { ProfileDetails } from './profile-details';
import type { OfferedMessages } from './offered-messages';
import { helperReply } from './reply-helper';

export interface ReplyContext {
  readonly persona: Persona;
  readonly conversation: Conversation;
  readonly details: ProfileDetails;
  readonly random: Random;
  /** What a look at the attached photo found, when there was one. */
  readonly photoNotes?: readonly string[];
  /** The reply helper's mode and tone (docs/decisions.md#calls), when the person chose them. */
  readonly helper?: ReplyHelper;
  /** Keeps each message the reply offers to send, in the person's style (docs/product.md#what-works-for-you). */
  readonly offered: OfferedMessages;
}

type Template = (c: ReplyContext) => string;

const hey = (c: ReplyContext) => (c.details.name ? `Hey ${c.details.name}` : 'Hey');
const interest = (c: ReplyContext) =>
  c.random.pick(
    c.details.interests.length ? c.details.interests : ['good coffee', 'weekend plans', 'travel stories'],
  );

// ---------------------------------------------------------------------------------------------------------------
// Greetings and small talk: the companion chats, the coach steers towards the dating goal

const greetings: Record<Persona, readonly Template[]> = {
  companion: [
    (c) =>
      `${hey(c)}! ${c.conversation.returning ? 'Good to see you again.' : 'Good to see you.'} How is your day going?`,
    (c) => `${hey(c)} 👋 I was hoping you'd drop by. What's on your mind today?`,
    (c) =>
      c.details.interests.length
        ? `${hey(c)}! Any ${interest(c)} lately, or has life been too busy for that?`
        : `${hey(c)}! Tell me one good thing about your day so far.`,
    (c) =>
      `Hi${c.details.name ? ` ${c.details.name}` : ''}! I'm all ears: chat, vent, or plan your next date?`,
  ],
  coach: [
    (c) =>
      `${hey(c)}! Ready to work on your dating game? I can write openers, help you answer a match, or polish your bio.`,
    (c) => `${hey(c)} 👋 What are we tackling today: a new match, your profile, or your photos?`,
    (c) =>
      c.details.lookingFor
        ? `${hey(c)}! You said you're looking for ${c.details.lookingFor}. Let's get you there: who are you talking to right now?`
        : `${hey(c)}! Tell me what you're looking for and I'll help you find it faster.`,
    (c) =>
      `Hi${c.details.name ? ` ${c.details.name}` : ''}! Send me a match's message, or ask for openers, and we'll get to work.`,
  ],
};

const smallTalk: Record<Persona, readonly Template[]> = {
  companion: [
    (c) =>
      `I'm doing well, thanks for asking! You wrote "${c.conversation.topic}", so tell me more: what's really going on?`,
    (c) =>
      c.details.interests.length
        ? `Honestly? I'd rather hear about you. When did you last make time for ${interest(c)}?`
        : `I'm here and happy to chat. What's the best and the worst part of your day so far?`,
    () =>
      `Ha, I like talking with you. Quick question: if tonight were totally free, what would you do with it?`,
    () => `That made me smile. I'm always here for a chat; what would make the rest of today better?`,
  ],
  coach: [
    () =>
      `Doing great, and ready to help. Small talk is practice too: the way you just asked is exactly how to keep a match chatting.`,
    (c) =>
      `Appreciate it! While we're here: ${c.details.interests.length ? `your love of ${interest(c)} is great material for a first message.` : 'tell me one hobby and I will turn it into three openers.'}`,
    () =>
      `All good on my side. How is the dating side of things: any conversations going, or starting fresh?`,
    () => `Thanks! Want a quick win? Send me the last message a match sent you and I'll help you answer it.`,
  ],
};

// ---------------------------------------------------------------------------------------------------------------
// Openers: built from the match's interest if the user named one, else the user's own

/** Each opener with the tone it is offered in. */
const openerLines: readonly { readonly tone: ReplyTone; readonly line: (topic: string) => string }[] = [
  { tone: 'witty', line: (t) => `Settle a debate for me: what's the most underrated thing about ${t}?` },
  { tone: 'playful', line: (t) => `Two truths and a lie, ${t} edition. You go first.` },
  {
    tone: 'witty',
    line: (t) => `I have a theory that people into ${t} are secretly very competitive. Am I right?`,
  },
  { tone: 'playful', line: (t) => `Okay, ${t}: best memory or best disaster? I want the story.` },
  { tone: 'sincere', line: (t) => `Be honest: what got you into ${t}, and would you teach a beginner?` },
  {
    tone: 'sincere',
    line: () => `What's the best thing that happened to you this week? I'll trade you mine.`,
  },
  { tone: 'playful', line: () => `Quick: perfect Sunday, go. I'm judging on creativity.` },
  { tone: 'witty', line: () => `If your dating profile came with a warning label, what would it say?` },
];

const openerIntros: Record<Persona, readonly Template[]> = {
  companion: [
    (c) => (c.conversation.more ? 'Here are a few more:' : 'Ooh, fun! Try one of these:'),
    (c) => (c.conversation.more ? 'More, coming up:' : 'I love this part. Some ideas:'),
  ],
  coach: [
    (c) =>
      c.conversation.more ? 'More openers:' : 'Skip "hey". Open with a question they can answer in one line:',
    (c) => (c.conversation.more ? 'Another round:' : 'Specific beats generic. Pick one:'),
  ],
};

function openers(c: ReplyContext): string {
  const topics = [c.conversation.matchInterest, ...c.details.interests].filter(Boolean) as string[];
  const topic = topics[0] && (c.conversation.matchInterest ?? c.random.pick(topics));
  const lines = c.random
    .sample(openerLines.slice(topic ? 0 : 5), 3)
    .map(({ tone, line }) => `• ${c.offered.quote('opener', tone, line(topic ?? ''))}`);
  const why = c.conversation.matchInterest
    ? `They mentioned ${c.conversation.matchInterest}, so lead with that: it shows you read their profile.`
    : topic
      ? `These use your love of ${topic}: sharing something real makes replying easy.`
      : 'Tell me something from their profile and I can make these more personal.';
  return `${c.random.pick(openerIntros[c.persona])(c)}\n${lines.join('\n')}\n${why}`;
}

// ---------------------------------------------------------------------------------------------------------------
// Answering a match

const STOP = new Set(
  'i you me my the a an and or but to of in on at for with is are was were be been it this that so just really very what how do did have has your yours their they she he we us our not no yes too lol haha ok okay'.split(
    ' ',
  ),
);

function keywordOf(quote: string): string | undefined {
  const words = normalise(quote)
    .split(' ')
    .filter((word) => word.length > 2 && !STOP.has(word));
  return words.sort((a, b) => b.length - a.length)[0];
}

function matchReply(c: ReplyContext): string {
  const quote = c.conversation.quote;
  if (!quote) {
    return c.random.pick([
      () =>
        `Paste their exact message in quotes, like: she said "…". Then I can write you a reply that fits.`,
      () =>
        `Happy to help you answer! What did they write, word for word? Put it in quotes so I can work with it.`,
      () => `Send me their last message (in quotes) and tell me the vibe you want: flirty, funny or sincere.`,
    ])();
  }
  const keyword = keywordOf(quote);
  const isQuestion = /\?\s*$/.test(quote);
  const suggestions: readonly { readonly tone: ReplyTone; readonly text: string }[] = [
    isQuestion
      ? {
          tone: 'sincere',
          text: `Honest answer: ${c.details.interests.length ? `probably something involving ${interest(c)}` : 'it depends who is asking'}. What about you?`,
        }
      : { tone: 'playful', text: `Okay, now I need the full story behind that.` },
    keyword
      ? { tone: 'playful', text: `${capitalise(keyword)}? You can't just drop that and leave. Tell me more.` }
      : { tone: 'flirty', text: `Ha, I like where this is going. Go on.` },
    { tone: 'confident', text: `That's the best thing I've read today. So what are you up to this weekend?` },
  ];
  const picks = c.random
    .sample(suggestions, 2)
    .map(({ tone, text }) => `• ${c.offered.quote('reply', tone, text)}`);
  const lead = c.random.pick([
    `They wrote "${quote}".`,
    `"${quote}": good sign, they're giving you something to work with.`,
    `So the message is "${quote}".`,
  ]);
  const advice =
    c.persona === 'coach'
      ? c.random.pick([
          'Match their energy, answer briefly, and end with a question so the ball is back in their court.',
          'Keep it short, add one detail about you, and ask something back.',
        ])
      : c.random.pick([
          'Keep it playful and ask something back.',
          'Be yourself: a little curiosity goes a long way.',
        ]);
  return `${lead} ${advice}\n${picks.join('\n')}`;
}

// ---------------------------------------------------------------------------------------------------------------
// Bio help, photos, anything else

function bioHelp(c: ReplyContext): string {
  const d = c.details;
  const specifics = d.interests.length
    ? `You mentioned ${listOf(d.interests.slice(0, 3))}: use them.`
    : 'Name two or three specific things you love.';
  const sample =
    d.interests.length >= 2
      ? c.offered.quote(
          'bio_line',
          'playful',
          `${capitalise(d.interests[0] as string)} by day, ${d.interests[1]} by night.${d.lookingFor ? ` Looking for ${d.lookingFor}.` : ''} Ask me about the time it all went wrong.`,
        )
      : c.offered.quote(
          'bio_line',
          'witty',
          `Part-time adventurer, full-time snack expert. Ask me about my questionable playlist.`,
        );
  return c.random.pick([
    () =>
      `A good bio is specific, short and ends with a hook. ${specifics} Something like:\n${sample}\nWant it funnier, warmer or bolder?`,
    () => `${specifics} Show, don't tell: "I make a mean lasagna" beats "I like cooking". Draft:\n${sample}`,
    () =>
      `Let's make it yours. ${specifics} Keep it under 300 characters and give them an easy question to open with. Try:\n${sample}`,
  ])();
}

function photo(c: ReplyContext): string {
  if (c.photoNotes?.length) {
    return `I had a look at your photo. ${c.photoNotes.join(' ')} Want me to review your whole set? Upload them in the photo review.`;
  }
  return c.random.pick([
    () =>
      'Main photo: just you, face clearly visible, natural light, a real smile. Then add a full-body shot, one doing something you love, and one with friends (not as the first).',
    () =>
      'The best photos are taken near a window or outside an hour before sunset. Skip sunglasses and heavy filters in the first photo, and keep group shots to one.',
    () =>
      `Show your life, not just your face: ${c.details.interests.length ? `a photo of you doing what you love (${interest(c)}!) is worth more than three selfies.` : 'a hobby shot is worth more than three selfies.'} Upload your photos in the photo review and I'll score each one.`,
  ])();
}

const other: Record<Persona, readonly Template[]> = {
  companion: [
    (c) =>
      `Hmm, "${c.conversation.topic}". I'm more of a heart-to-heart friend than an encyclopedia, but I'm listening. How does that tie into your day?`,
    () =>
      `Interesting! I'm better with feelings and first dates than facts, so tell me: what made you think of it?`,
    () =>
      `I may not be the right one for that, but I'm always up for a chat. What's been on your mind lately?`,
  ],
  coach: [
    (c) =>
      `"${c.conversation.topic}" is a little outside my lane: I'm your dating coach. Want openers, help replying to a match, or a bio review?`,
    () =>
      `I can't help much with that one. Where I shine: first messages, replies, bios and photos. Which one shall we do?`,
    () => `Not my specialty! Bring me a match, a bio or a photo question and I'm all yours.`,
  ],
};

const emojiOnly: readonly Template[] = [
  () => 'Emoji-only, I respect that 😄 Want to put it into words? I am listening.',
  () => 'I feel the vibe! Tell me what it means and we can go from there.',
  (c) =>
    c.persona === 'coach'
      ? 'Emojis are great in a chat with a match: one per message is plenty. What can I help you with?'
      : 'Right back at you 😊 How are you feeling today?',
];

const silence: readonly Template[] = [
  (c) => `${hey(c)}, I'm here whenever you're ready. What's on your mind?`,
  () => 'Nothing came through. Try again? I am listening.',
  (c) =>
    c.persona === 'coach'
      ? 'Send me a message from a match, or ask for openers, and we will get started.'
      : 'Take your time. What would you like to talk about?',
];

export function composeReply(c: ReplyContext): string {
  const v = c.conversation;
  if (!v.topic && !c.photoNotes) return c.random.pick(silence)(c);
  if (v.emojiOnly && v.intent !== 'greeting' && v.intent !== 'photo') return c.random.pick(emojiOnly)(c);
  const helped = helperReply(c);
  if (helped) return helped;
  let body: string;
  switch (v.intent) {
    case 'greeting':
      body = c.random.pick(greetings[c.persona])(c);
      break;
    case 'small_talk':
      body = c.random.pick(smallTalk[c.persona])(c);
      break;
    case 'opener':
      body = openers(c);
      break;
    case 'match_reply':
      body = matchReply(c);
      break;
    case 'bio_help':
      body = bioHelp(c);
      break;
    case 'photo':
      body = photo(c);
      break;
    default:
      body = c.random.pick(other[c.persona])(c);
  }
  if (v.notEnglish && v.intent === 'other') {
    body = `I can only answer in English for now (I'm the offline model). ${body}`;
  }
  return body;
}
