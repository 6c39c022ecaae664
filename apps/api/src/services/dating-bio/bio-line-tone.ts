import type { BioTone, ReplyTone } from '../../adapters/ai/ports';

/**
 * The suggestion tone a bio's tone is offered and counted as (docs/decisions.md#bio-lines): the bio tones are fewer
 * and read differently, so each takes the nearest of the five. "What works for you" counts bio lines by it.
 */
const LINE_TONE_OF_BIO: Readonly<Record<BioTone, ReplyTone>> = {
  warm: 'sincere',
  witty: 'witty',
  bold: 'confident',
  minimal: 'confident',
};

export function bioLineTone(tone: BioTone): ReplyTone {
  return LINE_TONE_OF_BIO[tone];
}
