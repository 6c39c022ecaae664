import type { Suggestion, SuggestionState } from '@wingmate/api-contract';
import type { AppDatabase } from '../../db/database';
import { suggestions } from '../../db/schema';
import { ownerColumns, type Owner } from '../owner/owner';

export type SuggestionRow = typeof suggestions.$inferSelect;

/**
 * Keeps the suggestions offered to the person, with the ids they were answered with, so each can be marked and
 * counted (docs/product.md#what-works-for-you). Called in the transaction that stores what offered them.
 */
export async function storeOfferedSuggestions(
  tx: AppDatabase,
  owner: Owner,
  offered: readonly Suggestion[],
  { matchId, createdAt }: { readonly matchId: number | null; readonly createdAt: Date },
): Promise<void> {
  if (offered.length === 0) return;
  await tx.insert(suggestions).values(
    offered.map((suggestion) => ({
      ...ownerColumns(owner),
      id: suggestion.id,
      kind: suggestion.kind,
      tone: suggestion.tone,
      text: suggestion.text,
      score: suggestion.sounds_like_you,
      matchId,
      createdAt,
    })),
  );
}

export function suggestionStateJson(row: SuggestionRow): SuggestionState {
  return {
    id: row.id,
    kind: row.kind,
    tone: row.tone as SuggestionState['tone'],
    sent: row.sentAt !== null,
    outcome: row.outcome,
    match_id: row.matchId,
  };
}
