import type { ReplyTone } from '../../adapters/ai/ports';

/**
 * What the person marked a suggestion with (docs/product.md#what-do-i-answer): they sent it, then the match replied,
 * did not reply, or a date was planned. A later mark replaces an earlier one.
 */
export type SuggestionOutcome = 'sent' | 'replied' | 'no_reply' | 'date_planned';

/** The outcomes of one person's (or everyone's) suggestions of one kind and one tone. */
export interface OutcomeCounts {
  /** Suggestions sent, whatever came of them. */
  readonly sent: number;
  readonly replied: number;
  readonly datePlanned: number;
  readonly noReply: number;
}

/** Counts per tone, for one kind of suggestion; a tone never suggested may be missing. */
export type CountsByTone = Partial<Readonly<Record<ReplyTone, OutcomeCounts>>>;

export const NO_OUTCOMES: OutcomeCounts = { sent: 0, replied: 0, datePlanned: 0, noReply: 0 };

/** The match answered: a reply, or better, a date planned. */
export const successesOf = (counts: OutcomeCounts) => counts.replied + counts.datePlanned;
/** "No reply". A suggestion only sent is neither a success nor a failure: the match may still answer. */
export const failuresOf = (counts: OutcomeCounts) => counts.noReply;

/** `counts` with one more suggestion whose latest mark is `outcome`: any outcome means it was sent. */
export function withOutcome(counts: OutcomeCounts, outcome: SuggestionOutcome): OutcomeCounts {
  return {
    sent: counts.sent + 1,
    replied: counts.replied + (outcome === 'replied' ? 1 : 0),
    datePlanned: counts.datePlanned + (outcome === 'date_planned' ? 1 : 0),
    noReply: counts.noReply + (outcome === 'no_reply' ? 1 : 0),
  };
}

/** The counts of suggestions given by their latest marks. */
export function outcomeCountsOf(latestMarks: readonly SuggestionOutcome[]): OutcomeCounts {
  return latestMarks.reduce(withOutcome, NO_OUTCOMES);
}
