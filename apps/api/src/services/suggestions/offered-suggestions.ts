import type { Suggestion, SuggestionState } from '@wingmate/api-contract';
import { randomUUID } from 'node:crypto';
import type { SuggestedMessage } from '../../adapters/ai/ports';
import type { AppDatabase } from '../../db/database';
import { suggestions } from '../../db/schema';
import { ownerColumns, type Owner } from '../owner/owner';
import { soundsLikeScore } from '../style/sounds-like';
import type { StyleProfile } from '../style/style-profile';

export type SuggestionRow = typeof suggestions.$inferSelect;

/**
 * Keeps the suggestions offered to the person, with the ids they were answered with, so each can be marked and
 * counted (docs/product.md#what-works-for-you). Called in the transaction that stores what offered them; answers the
 * rows kept.
 */
export async function storeOfferedSuggestions(
  tx: AppDatabase,
  owner: Owner,
  offered: readonly Suggestion[],
  at: OfferedAt,
): Promise<SuggestionRow[]> {
  if (offered.length === 0) return [];
  return tx
    .insert(suggestions)
    .values(offered.map((suggestion) => offeredSuggestionRow(owner, suggestion, at)))
    .returning();
}

/** Where suggestions were offered: a match's coaching chat or none, and when. */
export interface OfferedAt {
  readonly matchId: number | null;
  readonly createdAt: Date;
}

/** The row that keeps one offered suggestion. */
export function offeredSuggestionRow(
  owner: Owner,
  suggestion: Suggestion,
  { matchId, createdAt }: OfferedAt,
) {
  return {
    ...ownerColumns(owner),
    id: suggestion.id,
    kind: suggestion.kind,
    tone: suggestion.tone,
    text: suggestion.text,
    score: suggestion.sounds_like_you,
    matchId,
    createdAt,
  };
}

/**
 * The messages a reply offers, as the contract answers them: each with its own id, to be marked by, and its "sounds
 * like you" score against the person's profile (docs/product.md#sounds-like-me); null while they have none.
 */
export function offeredSuggestions(
  messages: readonly SuggestedMessage[] | undefined,
  profile: StyleProfile | undefined,
): Suggestion[] {
  return (messages ?? []).map((message) => ({
    id: randomUUID(),
    kind: message.kind,
    tone: message.tone,
    text: message.text,
    sounds_like_you: profile ? soundsLikeScore(message.text, profile) : null,
  }));
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
