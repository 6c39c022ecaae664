import type { ProfileAnswer, UserProfile } from '../ports';
import { normalise, tidy } from '../text';

/** What the offline engine can say about a user, pulled from their answers. */
export interface ProfileDetails {
  readonly name: string | undefined;
  /** Hobbies and likes, short phrases ("hiking", "bad puns"). */
  readonly interests: readonly string[];
  /** What they are looking for ("something serious"), if they said. */
  readonly lookingFor: string | undefined;
  /** What they do, if they said. */
  readonly work: string | undefined;
  /** Other answers, short, for colour. */
  readonly facts: readonly string[];
}

const INTEREST_QUESTION =
  /hobb|interest|love|like|enjoy|fun|weekend|passion|free time|spare time|into|favou?rite/i;
const LOOKING_QUESTION = /looking for|want in a|ideal|partner|relationship|goal/i;
const WORK_QUESTION = /work|job|do for a living|career|profession|study/i;

/** Words never quoted back (a roast or a bio must not repeat insults or crude words). */
const UNQUOTABLE =
  /\b(fuck\w*|shit\w*|bitch\w*|cunt\w*|dick\w*|puss\w*|whore\w*|slut\w*|nigg\w*|fag\w*|retard\w*|kill\w*)\b/i;

export function detailsOf(profile: UserProfile): ProfileDetails {
  const answers = [...profile.answers, ...profile.questionnaire].filter(
    (a) => a.text.trim() && quotable(a.text),
  );
  const interests: string[] = [];
  let lookingFor: string | undefined;
  let work: string | undefined;
  const facts: string[] = [];
  for (const answer of answers) {
    if (LOOKING_QUESTION.test(answer.question)) lookingFor ??= lowerFirst(phrase(answer.text, 60));
    else if (WORK_QUESTION.test(answer.question)) work ??= phrase(answer.text, 50);
    else if (INTEREST_QUESTION.test(answer.question)) interests.push(...itemsOf(answer.text));
    else facts.push(phrase(answer.text, 70));
  }
  const name = profile.firstName?.trim();
  return {
    name: name && quotable(name) ? tidy(name, 30) : undefined,
    interests: unique(interests).slice(0, 6),
    lookingFor,
    work,
    facts: facts.slice(0, 4),
  };
}

/** Interests from any answers at all, for bios and roasts that have no question texts to go by. */
export function interestsOf(answers: readonly ProfileAnswer[]): string[] {
  return unique(answers.filter((a) => quotable(a.text)).flatMap((a) => itemsOf(a.text))).slice(0, 6);
}

/** "Hiking, cooking and bad puns" -> ["hiking", "cooking", "bad puns"]. */
export function itemsOf(text: string): string[] {
  return text
    .split(/,|;|\/|\n|\band\b|&|\bor\b|\+/i)
    .map((item) => item.replace(/^\s*(i\s+(really\s+)?(love|like|enjoy)\s+|love\s+|loving\s+)/i, ''))
    .map((item) => item.replace(/[.!?]+$/, '').trim())
    .filter((item) => item.length >= 3 && item.split(/\s+/).length <= 5 && /\p{L}/u.test(item))
    .map((item) => tidy(item.charAt(0).toLowerCase() + item.slice(1), 40));
}

export function quotable(text: string): boolean {
  return !UNQUOTABLE.test(text);
}

function phrase(text: string, max: number): string {
  const first = text.split(/(?<=[.!?])\s/)[0] ?? text;
  return tidy(first.replace(/[.!?]+$/, ''), max);
}

function unique(items: readonly string[]): string[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = normalise(item);
    if (!key || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function lowerFirst(text: string): string {
  return /^\p{Lu}\p{Ll}/u.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}
