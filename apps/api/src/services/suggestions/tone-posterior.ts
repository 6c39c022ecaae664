import { failuresOf, NO_OUTCOMES, type OutcomeCounts, successesOf } from './outcome-counts';

/**
 * Everyone's outcomes count as ten of the person's own: a newcomer gets what works for most people, and after a
 * dozen outcomes of their own the person's own results lead.
 */
export const PRIOR_WEIGHT = 10;
/** The rate assumed before anyone has an outcome for a tone. */
const NEUTRAL_RATE = 0.5;
/** Keeps each Beta proper (both parameters above 0) even when everyone's rate is exactly 0 or 1. */
const RATE_FLOOR = 0.01;

export interface Posterior {
  readonly alpha: number;
  readonly beta: number;
}

/** The share of outcomes that are successes; undefined before any outcome. */
export function replyRateOf(counts: OutcomeCounts = NO_OUTCOMES): number | undefined {
  const outcomes = successesOf(counts) + failuresOf(counts);
  return outcomes === 0 ? undefined : successesOf(counts) / outcomes;
}

/**
 * The Beta posterior of the person's reply rate for one tone: a prior of weight `PRIOR_WEIGHT` centred on everyone's
 * rate (an even 0.5 before anyone's outcome), plus the person's own successes and failures.
 */
export function tonePosterior(
  person: OutcomeCounts = NO_OUTCOMES,
  everyone: OutcomeCounts = NO_OUTCOMES,
): Posterior {
  const rate = Math.min(1 - RATE_FLOOR, Math.max(RATE_FLOOR, replyRateOf(everyone) ?? NEUTRAL_RATE));
  return {
    alpha: PRIOR_WEIGHT * rate + successesOf(person),
    beta: PRIOR_WEIGHT * (1 - rate) + failuresOf(person),
  };
}

export const posteriorMean = ({ alpha, beta }: Posterior) => alpha / (alpha + beta);
