import type { RoastRequest } from '../ports';
import { hashOf, seededRandom } from '../prng';
import { capitalise, truncate } from '../text';
import { interestsOf, itemsOf, quotable } from './profile-details';

export const ROAST_MAX = 600;

const ABOUT: readonly ((thing: string) => string)[] = [
  (t) => `Listing "${t}" as a personality trait is bold. Brave, even. Wrong, but brave.`,
  (t) =>
    `"${t}"? Somewhere a dating app algorithm just sighed and showed you to three more people who also like ${t}.`,
  (t) => `You mention ${t} like it's a secret talent. We all saw the profile, it's not a secret.`,
  (t) =>
    `${capitalise(t)}: the dating equivalent of a beige sofa. Comfortable, dependable, nobody remembers it.`,
];

const GENERAL: readonly string[] = [
  'This reads like it was written during a loading screen.',
  'It has the energy of a LinkedIn summary that wandered onto a dating app and decided to stay.',
  'Somewhere in here is a fun person, hiding behind three clichés and a semicolon.',
  'Reading this, I can tell you own at least one "Live, Laugh, Love" sign. Ironically, I hope.',
  "It's giving \"I'll text you back\" and then doesn't.",
];

const KIND_ENDINGS: readonly string[] = [
  'All jokes aside: add one specific story and you will be unstoppable.',
  'Roast over. The good news: the raw material is great, it just needs a little personality seasoning.',
  'But honestly? Someone is going to find this charming. Make it easy for them by adding a question at the end.',
];

/** A playful roast: teases the clichés, never the person, and always ends on something kind. */
export function writeRoast(request: RoastRequest): string {
  const text = 'text' in request ? request.text : request.answers.map((a) => a.text).join(', ');
  const items = ('text' in request ? itemsOf(request.text) : interestsOf(request.answers)).filter(quotable);
  const random = seededRandom(hashOf(request.seed ?? 0, text));
  const lines: string[] = [];
  const jokes = random.sample(ABOUT, 2);
  random.sample(items, 2).forEach((item, index) => lines.push(jokes[index]?.(truncate(item, 40)) ?? ''));
  lines.push(...random.sample(GENERAL, lines.length ? 1 : 2));
  lines.push(random.pick(KIND_ENDINGS));
  return truncate(lines.join(' '), ROAST_MAX);
}
