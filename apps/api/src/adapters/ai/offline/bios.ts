import { BIO_TONES, type BioRequest, type BioTone } from '../ports';
import { hashOf, seededRandom, type Random } from '../prng';
import { capitalise, listOf, normalise, truncate } from '../text';
import { interestsOf, itemsOf, quotable } from './profile-details';

/** Dating apps cap bios around 300-500 characters; the minimal tone stays under 150. */
export const BIO_MAX = 500;
const MINIMAL_MAX = 150;

const TONE_WORDS: Record<BioTone, readonly string[]> = {
  warm: [
    'warm',
    'warmer',
    'sweet',
    'sweeter',
    'kind',
    'kinder',
    'sincere',
    'genuine',
    'heartfelt',
    'romantic',
    'softer',
    'nicer',
  ],
  witty: [
    'witty',
    'funny',
    'funnier',
    'humor',
    'humour',
    'humorous',
    'joke',
    'jokes',
    'playful',
    'silly',
    'lighter',
    'wittier',
  ],
  bold: [
    'bold',
    'bolder',
    'confident',
    'more confident',
    'daring',
    'flirty',
    'flirtier',
    'spicy',
    'spicier',
    'direct',
    'sexy',
  ],
  minimal: [
    'minimal',
    'short',
    'shorter',
    'brief',
    'concise',
    'simple',
    'simpler',
    'casual',
    'less',
    'cut',
    'trim',
  ],
};

/** The tone a free-text word or instruction asks for ("make it funnier" -> witty); undefined when none. */
export function bioToneOf(text: string | undefined): BioTone | undefined {
  if (!text) return undefined;
  const words = ` ${normalise(text)} `;
  return BIO_TONES.find((tone) => TONE_WORDS[tone].some((word) => words.includes(` ${word} `)));
}

type BioTemplate = (b: BioParts, r: Random) => string;

interface BioParts {
  readonly name: string | undefined;
  readonly interests: readonly string[];
  readonly extra: string | undefined;
}

const TEMPLATES: Record<BioTone, readonly BioTemplate[]> = {
  warm: [
    (b) =>
      `${b.name ? `I'm ${b.name}. ` : ''}Happiest when I'm ${listOf(b.interests.slice(0, 2))}${b.interests[2] ? `, or talking about ${b.interests[2]}` : ''}. Looking for someone kind and curious to share the small moments with.${b.extra ? ` ${b.extra}` : ''}`,
    (b) =>
      `${capitalise(b.interests[0] as string)} lover with a soft spot for ${b.interests[1] ?? 'long conversations'}. I believe the best dates end with "same time next week?"${b.extra ? ` ${b.extra}` : ''}`,
    (b) =>
      `Good listener, better hugger. You'll find me ${listOf(b.interests.slice(0, 3))}. Tell me about the thing that makes you lose track of time.${b.extra ? ` ${b.extra}` : ''}`,
  ],
  witty: [
    (b) =>
      `Professional at ${b.interests[0]}, amateur at ${b.interests[1] ?? 'everything else'}. ${b.name ? `${b.name}, ` : ''}looking for a partner in crime (misdemeanours only).${b.extra ? ` ${b.extra}` : ''}`,
    (b) =>
      `Swipe right if you can handle strong opinions about ${b.interests[0]}. Swipe left if you put pineapple on... actually, let's talk.${b.extra ? ` ${b.extra}` : ''}`,
    (b) =>
      `Two truths and a lie: I love ${b.interests[0]}, I'm great at ${b.interests[1] ?? 'parallel parking'}, I've never been late. Guess wisely.${b.extra ? ` ${b.extra}` : ''}`,
  ],
  bold: [
    (b) =>
      `I know what I like: ${listOf(b.interests.slice(0, 3))}, and people who say what they mean. Keep up and we'll get along.${b.extra ? ` ${b.extra}` : ''}`,
    (b) =>
      `${b.name ? `${b.name}. ` : ''}${capitalise(b.interests[0] as string)} on weekends, big plans on weekdays. Don't message "hey"; tell me where you're taking me.${b.extra ? ` ${b.extra}` : ''}`,
    (b) =>
      `Fair warning: I'll out-${b.interests[0]} you and then buy you a drink. Think you can take me on?${b.extra ? ` ${b.extra}` : ''}`,
  ],
  minimal: [
    (b) => `${listOf(b.interests.slice(0, 3)).replace(/^./, (c) => c.toUpperCase())}. Ask me anything.`,
    (b) => `${capitalise(b.interests[0] as string)}. ${capitalise(b.interests[1] ?? 'good coffee')}. You?`,
    (b) => `${b.name ? `${b.name}. ` : ''}Into ${listOf(b.interests.slice(0, 2))}. Say hi.`,
  ],
};

/** Writes a bio from the user's answers (and the bio being rewritten), in the tone asked. */
export function writeBio(request: BioRequest): string {
  const tone = bioToneOf(request.instruction) ?? request.tone;
  const fromText = request.currentText && quotable(request.currentText) ? itemsOf(request.currentText) : [];
  const asked = request.instruction ? mentionIn(request.instruction) : undefined;
  const interests = [
    ...interestsOf(request.answers),
    ...fromText.filter((item) => item.split(' ').length <= 3),
  ];
  const parts: BioParts = {
    name:
      request.firstName && quotable(request.firstName) ? truncate(request.firstName.trim(), 30) : undefined,
    interests: interests.length
      ? dedupe(interests)
      : ['good coffee', 'new places', 'long walks that end in food'],
    extra: asked ? `Also: ${asked}.` : undefined,
  };
  const random = seededRandom(
    hashOf(request.seed ?? 0, tone, request.instruction ?? '', request.currentText ?? ''),
  );
  const text = random.pick(TEMPLATES[tone])(parts, random).replace(/\s+/g, ' ').trim();
  return truncate(text, tone === 'minimal' ? MINIMAL_MAX : BIO_MAX);
}

/** "mention my dog Rex" -> "my dog Rex". */
function mentionIn(instruction: string): string | undefined {
  const match = /\b(?:mention|add|include|talk about)\s+(.{3,60}?)(?:[.!?]|$)/iu.exec(instruction);
  return match?.[1] && quotable(match[1]) ? match[1].trim() : undefined;
}

function dedupe(items: readonly string[]): string[] {
  return [...new Map(items.map((item) => [normalise(item), item])).values()];
}
