import type { MatchMemoryDraft, MatchMemoryRequest } from '../ports';
import { listOf, normalise, tidy } from '../text';

/** The summariser keeps at most this many facts of its own (docs/product.md#how-a-matchs-memory-works). */
export const MEMORY_FACTS_MAX = 8;
export const SUMMARY_MAX = 600;
const FACT_MAX = 300;

/** What a sentence must say to be remembered: a name, a job, a place, a pet, a plan or a like. */
const FACT_KINDS = [
  ['names', /\b(my name is|i'm called|call me|named|my (?:sister|brother|friend|mum|mom|dad)\b)/i],
  [
    'work',
    /\b(i work|work(?:ing)? as|my job|i'm an? (?:\w+ )?(?:nurse|teacher|engineer|doctor|designer|developer|student|chef|lawyer|artist|writer|barista)|i study|studying)\b/i,
  ],
  ['places', /\b(i live|living in|i'm from|grew up|moved to|based in|born in)\b/i],
  ['pets', /\b(dog|cat|puppy|kitten|pet|rabbit|parrot|hamster)s?\b/i],
  [
    'plans',
    /\b(this weekend|tomorrow|tonight|next week|on (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)|going to|planning|plan to|trip to|let's)\b/i,
  ],
  ['likes', /\b(i love|i like|i'm into|i enjoy|favou?rite|i hate|obsessed with|big fan of)\b/i],
] as const;

type FactKind = (typeof FACT_KINDS)[number][0];

interface Candidate {
  readonly text: string;
  readonly kind: FactKind;
}

/**
 * The offline engine's memory of a match, extractive and deterministic: the sentences of the transcript (and of
 * the person's coaching messages) that state a fact, newest first, each once, skipping what a kept fact already
 * says; and a summary of bounded length built from them.
 */
export function summariseOffline({ match, history }: MatchMemoryRequest): MatchMemoryDraft {
  const name = tidy(match.name, 80);
  const candidates: Candidate[] = [];
  const said = (who: string, text: string) => {
    for (const sentence of sentencesOf(text)) {
      const kind = FACT_KINDS.find(([, pattern]) => pattern.test(sentence))?.[0];
      if (kind) candidates.push({ text: tidy(`${who} "${sentence}"`, FACT_MAX), kind });
    }
  };
  for (const line of match.lines) said(line.side === 'them' ? `${name} said` : 'You said', line.text);
  for (const turn of history) said('You told the wingmate', turn.body);

  const kept = match.facts
    .filter((fact) => fact.pinned || fact.source === 'you')
    .map((f) => normalise(f.text));
  const seen = new Set<string>();
  const picked: Candidate[] = [];
  for (const candidate of [...candidates].reverse()) {
    const key = normalise(candidate.text.replace(/^[^"]*"/, ''));
    if (seen.has(key) || kept.some((fact) => fact.includes(key))) continue;
    seen.add(key);
    picked.push(candidate);
    if (picked.length === MEMORY_FACTS_MAX) break;
  }
  picked.reverse();
  const who = { name, whereMet: tidy(match.whereMet, 80) };
  return { summary: summaryOf(who, match.lines, picked), facts: picked.map((c) => c.text) };
}

function summaryOf(
  who: { name: string; whereMet: string },
  lines: MatchMemoryRequest['match']['lines'],
  facts: readonly Candidate[],
): string {
  const met = who.whereMet ? ` (met on ${who.whereMet})` : '';
  if (!lines.length) return tidy(`${who.name}${met}: no conversation added yet.`, SUMMARY_MAX);
  const theirs = lines.filter((line) => line.side === 'them');
  const newest = theirs[theirs.length - 1];
  const kinds = [...new Set(facts.map((fact) => fact.kind))];
  const parts = [
    `${who.name}${met}: ${lines.length} recent lines of conversation, ${theirs.length} from ${who.name}.`,
    newest ? `Newest from ${who.name}: "${tidy(newest.text, 140)}".` : `${who.name} has not written yet.`,
    kinds.length ? `Talked about: ${listOf(kinds)}.` : '',
  ];
  return tidy(parts.filter(Boolean).join(' '), SUMMARY_MAX);
}

function sentencesOf(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+|\n+/u)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence.length >= 3);
}
