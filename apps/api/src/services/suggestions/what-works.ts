import { CHAT_TONES } from '@wingmate/api-contract';
import type { ReplyTone } from '../../adapters/ai/ports';
import { type CountsByTone, NO_OUTCOMES, type OutcomeCounts } from './outcome-counts';
import { posteriorMean, replyRateOf, tonePosterior } from './tone-posterior';

/** One tone on the "What works for you" card: the person's outcomes and the rates the tone order reads. */
export interface ToneResults extends OutcomeCounts {
  readonly tone: ReplyTone;
  /** The person's own reply rate (a date planned counts as a reply); null before any outcome. */
  readonly replyRate: number | null;
  /** What the order expects: the posterior mean, everyone's rate weighing as ten outcomes. */
  readonly expectedRate: number;
  /** Everyone's reply rate for the tone; null before anyone's outcome. */
  readonly everyoneRate: number | null;
}

/** Tones in the product's order, for ties. */

/**
 * The numbers of the "What works for you" card, for every tone the person or anyone has sent: the best expected
 * reply rate first, ties in the product's order of tones.
 */
export function whatWorksFor(personCounts: CountsByTone, everyoneCounts: CountsByTone): ToneResults[] {
  return CHAT_TONES.filter((tone) => personCounts[tone] || everyoneCounts[tone])
    .map((tone) => {
      const own = personCounts[tone] ?? NO_OUTCOMES;
      return {
        tone,
        ...own,
        replyRate: replyRateOf(own) ?? null,
        expectedRate: posteriorMean(tonePosterior(own, everyoneCounts[tone])),
        everyoneRate: replyRateOf(everyoneCounts[tone]) ?? null,
      };
    })
    .sort((a, b) => b.expectedRate - a.expectedRate);
}
