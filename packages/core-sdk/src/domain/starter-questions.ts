/**
 * Asked on the spot when someone wants a bio generated but has written nothing yet: the answers become the first
 * draft the AI writes from (the server adds the profile answers it already has).
 */
export const STARTER_QUESTIONS = [
  { key: 'work', label: 'What do you do?', placeholder: 'Nurse, night shifts, loves the chaos' },
  {
    key: 'fun',
    label: 'What do you love doing in your free time?',
    placeholder: 'Climbing, bad puns, Sunday markets',
  },
  { key: 'looking', label: 'What are you looking for?', placeholder: 'Someone to explore the city with' },
] as const;

export type StarterKey = (typeof STARTER_QUESTIONS)[number]['key'];
export type StarterAnswers = Record<StarterKey, string>;

function asSentence(text: string): string {
  const trimmed = text.trim().replace(/\s+/g, ' ');
  if (!trimmed) return '';
  const capital = trimmed[0]!.toUpperCase() + trimmed.slice(1);
  return /[.!?…]$/.test(capital) ? capital : `${capital}.`;
}

/** The first draft made of the answers, one sentence each ("Looking for" leads the last); empty if none given. */
export function starterDraft(answers: StarterAnswers): string {
  const looking = answers.looking.trim();
  return [
    asSentence(answers.work),
    asSentence(answers.fun),
    looking ? asSentence(/^looking/i.test(looking) ? looking : `Looking for ${looking}`) : '',
  ]
    .filter(Boolean)
    .join(' ');
}
