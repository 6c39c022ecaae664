import { CHAT_TONES, SUGGESTION_KINDS, type SuggestionKind } from '@wingmate/api-contract';
import { isNotNull, type SQL, sql } from 'drizzle-orm';
import type { ReplyTone } from '../../adapters/ai/ports';
import type { AppDatabase } from '../../db/database';
import { suggestions } from '../../db/schema';
import { ownedBy, type Owner } from '../owner/owner';
import type { CountsByTone } from './outcome-counts';

export type CountsByKind = Readonly<Record<SuggestionKind, CountsByTone>>;

const isTone = (tone: string): tone is ReplyTone => (CHAT_TONES as readonly string[]).includes(tone);
const countWhere = (condition: SQL) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);

/**
 * The outcomes of the suggestions sent, per kind and tone (docs/product.md#what-works-for-you), in one grouped
 * query: the person's own, or everyone's (`owner` undefined).
 */
export async function outcomeTallies(db: AppDatabase, owner: Owner | undefined): Promise<CountsByKind> {
  const sent = isNotNull(suggestions.sentAt);
  const rows = await db
    .select({
      kind: suggestions.kind,
      tone: suggestions.tone,
      sent: sql<number>`count(*)`.mapWith(Number),
      replied: countWhere(sql`${suggestions.outcome} = 'replied'`),
      datePlanned: countWhere(sql`${suggestions.outcome} = 'date_planned'`),
      noReply: countWhere(sql`${suggestions.outcome} = 'no_reply'`),
    })
    .from(suggestions)
    .where(owner ? sql`${ownedBy(owner, suggestions)} and ${sent}` : sent)
    .groupBy(suggestions.kind, suggestions.tone);
  const tallies = Object.fromEntries(SUGGESTION_KINDS.map((kind) => [kind, {}])) as Record<
    SuggestionKind,
    Partial<Record<ReplyTone, CountsByTone[ReplyTone]>>
  >;
  for (const { kind, tone, ...counts } of rows) {
    if (isTone(tone)) tallies[kind][tone] = counts;
  }
  return tallies;
}
