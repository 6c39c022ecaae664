import { CHAT_TONES, SUGGESTION_KINDS, type SuggestionKind } from '@wingmate/api-contract';
import { gt, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { ReplyTone } from '../../adapters/ai/ports';
import type { AppDatabase } from '../../db/database';
import { suggestionOutcomeTallies, suggestions } from '../../db/schema';
import { ownedBy, type Owner } from '../owner/owner';
import type { CountsByTone } from './outcome-counts';

export type CountsByKind = Readonly<Record<SuggestionKind, CountsByTone>>;

const isTone = (tone: string): tone is ReplyTone => (CHAT_TONES as readonly string[]).includes(tone);
const countWhere = (condition: SQL) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);

/**
 * The outcomes of the suggestions sent, per kind and tone (docs/product.md#what-works-for-you): the person's own, in
 * one grouped query on their rows, or everyone's (`owner` undefined), which the database keeps as they change
 * (docs/performance.md#everyones-outcomes-kept-by-the-database).
 */
export async function outcomeTallies(db: AppDatabase, owner: Owner | undefined): Promise<CountsByKind> {
  const rows = owner ? await ownTallies(db, owner) : await everyonesTallies(db);
  const tallies = Object.fromEntries(SUGGESTION_KINDS.map((kind) => [kind, {}])) as Record<
    SuggestionKind,
    Partial<Record<ReplyTone, CountsByTone[ReplyTone]>>
  >;
  for (const { kind, tone, ...counts } of rows) {
    if (isTone(tone)) tallies[kind][tone] = counts;
  }
  return tallies;
}

function ownTallies(db: AppDatabase, owner: Owner) {
  return db
    .select({
      kind: suggestions.kind,
      tone: suggestions.tone,
      sent: sql<number>`count(*)`.mapWith(Number),
      replied: countWhere(sql`${suggestions.outcome} = 'replied'`),
      datePlanned: countWhere(sql`${suggestions.outcome} = 'date_planned'`),
      noReply: countWhere(sql`${suggestions.outcome} = 'no_reply'`),
    })
    .from(suggestions)
    .where(sql`${ownedBy(owner, suggestions)} and ${isNotNull(suggestions.sentAt)}`)
    .groupBy(suggestions.kind, suggestions.tone);
}

/** A kind and tone whose sent suggestions were all deleted keeps a row at zero: as if it had none. */
function everyonesTallies(db: AppDatabase) {
  return db
    .select({
      kind: suggestionOutcomeTallies.kind,
      tone: suggestionOutcomeTallies.tone,
      sent: suggestionOutcomeTallies.sent,
      replied: suggestionOutcomeTallies.replied,
      datePlanned: suggestionOutcomeTallies.datePlanned,
      noReply: suggestionOutcomeTallies.noReply,
    })
    .from(suggestionOutcomeTallies)
    .where(gt(suggestionOutcomeTallies.sent, 0));
}
