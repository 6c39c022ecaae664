import type { OutcomeCounts } from './outcome-counts';
import { PRIOR_WEIGHT, posteriorMean, tonePosterior } from './tone-posterior';

/** Counts with every outcome marked on a sent suggestion. */
const counts = (replied: number, noReply: number, datePlanned = 0): OutcomeCounts => ({
  sent: replied + noReply + datePlanned,
  replied,
  datePlanned,
  noReply,
});

describe("a tone's posterior (docs/product.md#what-do-i-answer)", () => {
  it("is everyone's rate as a prior of weight 10", () => {
    expect(PRIOR_WEIGHT).toBe(10);
    const posterior = tonePosterior(undefined, counts(20, 70, 10));
    expect(posterior.alpha).toBeCloseTo(3, 10);
    expect(posterior.beta).toBeCloseTo(7, 10);
  });

  it("adds the person's own successes and failures, so ten of theirs weigh as much as everyone's", () => {
    const posterior = tonePosterior(counts(8, 0, 2), counts(30, 70));
    expect(posterior.alpha).toBeCloseTo(13, 10);
    expect(posterior.beta).toBeCloseTo(7, 10);
    expect(posteriorMean(posterior)).toBeCloseTo(0.65, 10);
  });

  it('starts from an even 0.5 when nobody has an outcome yet, and ignores suggestions only sent', () => {
    const onlySent = { ...counts(0, 0), sent: 40 };
    expect(tonePosterior(undefined, onlySent)).toEqual({ alpha: 5, beta: 5 });
    expect(tonePosterior(onlySent)).toEqual({ alpha: 5, beta: 5 });
  });

  it("stays a proper Beta when everyone's rate is 0 or 1", () => {
    const never = tonePosterior(undefined, counts(0, 50));
    expect(never.alpha).toBeGreaterThan(0);
    expect(posteriorMean(never)).toBeCloseTo(0.01, 10);
    expect(tonePosterior(undefined, counts(50, 0)).beta).toBeGreaterThan(0);
  });
});
