import type { ReplyTone } from '../../adapters/ai/ports';
import type { Random } from '../../adapters/ai/prng';
import { betaDraw } from './beta-draw';
import type { CountsByTone } from './outcome-counts';
import { tonePosterior } from './tone-posterior';

/**
 * The order to offer `tones` in, by Thompson sampling (docs/product.md#what-do-i-answer): one draw from each tone's
 * Beta posterior (everyone's rate as a prior, then the person's own outcomes), highest first. A tone that works for
 * the person mostly comes first, and the others still get tried now and then, so their rates stay known. Ties keep
 * the given order.
 */
export function toneOrder(
  tones: readonly ReplyTone[],
  personCounts: CountsByTone,
  everyoneCounts: CountsByTone,
  random: Random,
): ReplyTone[] {
  return tones
    .map((tone) => {
      const { alpha, beta } = tonePosterior(personCounts[tone], everyoneCounts[tone]);
      return { tone, draw: betaDraw(alpha, beta, random) };
    })
    .sort((a, b) => b.draw - a.draw)
    .map(({ tone }) => tone);
}
