import type { RoastIntensity } from '@wingmate/api-contract';
import type { RoastPhotos, RoastRequest } from '../ports';
import { hashOf, seededRandom } from '../prng';
import { protectedTraitIn } from '../protected-traits';
import { truncate } from '../text';
import { itemsOf, quotable } from './profile-details';

export const ROAST_MAX = 600;

/** What the material shows that a roast can be about: choices in the bio and the photos, nothing else. */
export type BioNote = 'vague' | 'noQuestion';
export type PhotoNote = 'dark' | 'blurry' | 'far' | 'group';

/** One intensity's lines (docs/product.md#roasts); `(thing)` is a quoted part of the bio, `(count)` a photo count. */
export interface RoastMaterial {
  /** About one thing the bio lists. */
  readonly item: readonly ((thing: string) => string)[];
  /** About a line many profiles share. */
  readonly cliche: readonly ((cliche: string) => string)[];
  readonly bio: Readonly<Record<BioNote, string>>;
  readonly noBio: string;
  readonly photo: Readonly<Record<PhotoNote, string>>;
  readonly noPhotos: string;
  /** Fewer than three photos, but some. */
  readonly fewPhotos: (count: number) => string;
  readonly ending: readonly string[];
}

const photos = (count: number) => `${count} photo${count === 1 ? '' : 's'}`;

export const ROAST_MATERIAL: Readonly<Record<RoastIntensity, RoastMaterial>> = {
  gentle: {
    item: [
      (t) => `"${t}" is a lovely start; tell us one moment from it and it will sparkle.`,
      (t) => `I see "${t}" in there, and I am curious: what is the story behind it?`,
    ],
    cliche: [
      (c) =>
        `"${c}" appears on plenty of profiles; one detail only you could write would make yours stand out.`,
      (c) => `"${c}" is sweet, and a little familiar: a small story of your own would make it yours.`,
    ],
    bio: {
      vague: 'Your bio is short and kind of shy; a few more words about you would go a long way.',
      noQuestion: 'You could end with a small question, so saying hello feels easy.',
    },
    noBio: 'There is no bio yet; a few lines about you would let your photos shine even more.',
    photo: {
      dark: 'A photo or two is a little dim; some daylight would show you off better.',
      blurry: 'One photo is a little soft; a steadier shot would do you justice.',
      far: 'In one photo you are a little hard to find; a closer crop would help.',
      group: 'In a group shot it takes a moment to spot you; one more solo photo would be nice.',
    },
    noPhotos: 'No photos yet: adding a few will make it so much easier for someone to say hi.',
    fewPhotos: (n) => `${photos(n)} is a good start; one or two more would help people get to know you.`,
    ending: [
      'You have good things to work with. A little polish and you will be hard to miss.',
      'That is it: small tweaks, and you are ready to be found.',
    ],
  },
  honest: {
    item: [
      (t) => `"${t}" is fine, but it does not tell anyone what you are like. Say what about it is yours.`,
      (t) => `"${t}" is a topic, not a story: add where, when or with whom.`,
    ],
    cliche: [
      (c) => `"${c}" is on countless profiles. Replace it with something specific that happened to you.`,
      (c) => `"${c}" reads as filler. Cut it, or show it with a real example.`,
    ],
    bio: {
      vague: 'Your bio says very little: a match learns almost nothing from it. Add two concrete details.',
      noQuestion: 'There is nothing to reply to. End with a question a match can answer in one line.',
    },
    noBio:
      'No bio: your photos are doing all the talking, and they cannot start a conversation. Write three lines.',
    photo: {
      dark: 'Some of your photos are too dark. Retake them near a window or outside in daylight.',
      blurry: 'A blurry photo reads as careless. Swap it for a sharp one.',
      far: 'In at least one photo you are far away or off to the side. Crop closer so you are the subject.',
      group: 'Group photos make people guess which one you are. Keep one at most, and never first.',
    },
    noPhotos: 'No photos means most people will not stop to read. Add three to six.',
    fewPhotos: (n) => `${photos(n)} is not enough: profiles with three to six get more matches.`,
    ending: [
      'Fix the specifics and the rest follows: the raw material is there.',
      'None of this is hard to fix: an evening with your camera roll and your bio will do it.',
    ],
  },
  brutal: {
    item: [
      (t) => `"${t}"? Bold of you to lead with the most common line on the internet.`,
      (t) => `You listed "${t}" like it is a personality. It is a hobby. A popular one.`,
    ],
    cliche: [
      (c) => `"${c}"? That line has been on so many profiles it should be paying rent.`,
      (c) => `"${c}": the dating app equivalent of a stock photo. Everyone has it, no one remembers it.`,
    ],
    bio: {
      vague:
        'This bio says nothing. I have read parking tickets with more to say, and they at least had a deadline.',
      noQuestion:
        'And not one question. You wrote a monologue and left no door open; nobody knocks on a wall.',
    },
    noBio: 'No bio at all. You are asking your photos to carry the whole team, and they are tired.',
    photo: {
      dark: 'Your photos are so dark I checked whether my screen was on. Find a window.',
      blurry: 'One photo is so blurry it could be a sighting of a mythical creature. Hold the phone still.',
      far: 'In one shot you are a speck on the horizon. This is a dating app, not a nature documentary.',
      group: 'A group photo: now every match plays a guessing game, and half of them will pick your friend.',
    },
    noPhotos: 'Zero photos. A daring strategy: asking strangers to fall for a blank square.',
    fewPhotos: (n) => `${photos(n)}? That is not a profile, that is a teaser nobody asked for.`,
    ending: [
      'Roast over. Every one of these is a choice, and every choice can be changed by tonight.',
      'That hurt, I know. Now fix it: you are one honest rewrite and a daylight photo away from a better profile.',
    ],
  },
};

/** Lines many profiles share, found in a bio by their words. */
const CLICHES = [
  'partner in crime',
  'live laugh love',
  'work hard play hard',
  'love to laugh',
  'fluent in sarcasm',
  'good vibes',
  'no drama',
  'love to travel',
  'travel',
  'netflix',
  'pizza',
  'tacos',
  'foodie',
  'wine',
  'adventure',
  'coffee',
];

/** A bio this short tells a match nothing. */
const VAGUE_BELOW_WORDS = 12;

/** What a review's tips say about the photos, by the review's own words. */
const PHOTO_SIGNS: Readonly<Record<PhotoNote, RegExp>> = {
  dark: /\b(dark|dim|underexposed)\b/i,
  blurry: /\b(blurry|blurred|out of focus|not sharp)\b/i,
  far: /\b(far away|too far|distant|edge|closer to the middle|small)\b/i,
  group: /\b(group|other people|friends in)\b/i,
};

/** A roast of the bio and photos at the intensity: about choices only, never the person (docs/product.md#roasts). */
export function writeRoast(request: RoastRequest): string {
  const material = ROAST_MATERIAL[request.intensity];
  const bio = request.bio?.trim() ?? '';
  const random = seededRandom(hashOf(request.seed ?? 0, request.intensity, bio, request.photos.count));
  const lines: string[] = [];
  if (bio) {
    const cliche = clicheIn(bio);
    const items = itemsOf(bio).filter((item) => quotable(item) && !protectedTraitIn(item));
    if (cliche) lines.push(random.pick(material.cliche)(cliche));
    else if (items.length) lines.push(random.pick(material.item)(truncate(random.pick(items), 40)));
    lines.push(...bioNotesOf(bio).map((note) => material.bio[note]));
  } else {
    lines.push(material.noBio);
  }
  lines.push(...photoLines(material, request.photos, random.next() < 0.5));
  lines.push(random.pick(material.ending));
  return truncate(lines.join(' '), ROAST_MAX);
}

function clicheIn(bio: string): string | undefined {
  const words = bio
    .toLowerCase()
    .replace(/[^\p{L}\s]/gu, ' ')
    .replace(/\s+/g, ' ');
  return CLICHES.find((cliche) => new RegExp(`\\b${cliche}\\b`).test(words));
}

function bioNotesOf(bio: string): BioNote[] {
  const notes: BioNote[] = [];
  if (bio.split(/\s+/).length < VAGUE_BELOW_WORDS) notes.push('vague');
  if (!bio.includes('?')) notes.push('noQuestion');
  return notes;
}

/** At most two lines on the photos: how many there are, then what the review found (in the order `flip` picks). */
function photoLines(material: RoastMaterial, shared: RoastPhotos, flip: boolean): string[] {
  if (shared.count === 0) return [material.noPhotos];
  const review = shared.review;
  const said = review ? [review.summary, ...review.tips, ...review.photoTips.flat()].join('\n') : '';
  const found = (Object.keys(PHOTO_SIGNS) as PhotoNote[]).filter((note) => PHOTO_SIGNS[note].test(said));
  const notes = (flip ? found.reverse() : found).map((note) => material.photo[note]);
  return [...(shared.count < 3 ? [material.fewPhotos(shared.count)] : []), ...notes].slice(0, 2);
}
