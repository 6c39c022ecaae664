import { CHAT_TONES, type SuggestionKind } from '@wingmate/api-contract';
import type { ReplyTone } from '../../adapters/ai/ports';
import { hashOf, seededRandom } from '../../adapters/ai/prng';
import type { AppDatabase } from '../../db/database';
import type { Owner } from '../owner/owner';
import { outcomeTallies } from './outcome-tallies';
import { toneOrder } from './tone-order';

/**
 * The `count` tones to offer the person for a kind of suggestion (docs/product.md#what-works-for-you): the first of
 * the five in their tone order, drawn from their outcomes and everyone's. The draws are seeded by the request, so
 * the same request offers the same tones.
 */
export async function tonesToOffer(
  db: AppDatabase,
  owner: Owner,
  kind: SuggestionKind,
  { seed, count }: { readonly seed: string; readonly count: number },
): Promise<ReplyTone[]> {
  const person = await outcomeTallies(db, owner);
  const everyone = await outcomeTallies(db, undefined);
  const random = seededRandom(hashOf('tone order', kind, seed));
  return toneOrder(CHAT_TONES, person[kind], everyone[kind], random).slice(0, count);
}
