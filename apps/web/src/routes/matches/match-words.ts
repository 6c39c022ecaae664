import type { MatchStatus, MemoryUsed } from '@wingmate/api-contract';
import { matchStatusWords } from '@wingmate/core-sdk';

export function statusLabel(status: MatchStatus): string {
  return matchStatusWords[status];
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * What the wingmate read for a reply, shown under it: "Used: their profile, notes, 2 facts, last 12 lines"
 * (docs/product.md#how-a-match-memory-works).
 */
export function usedText(used: MemoryUsed): string {
  const parts = [
    used.profile_answers > 0 && 'your profile',
    used.match_profile && 'their profile',
    used.notes && 'notes',
    used.summary && 'the summary',
    used.facts.length > 0 && plural(used.facts.length, 'fact', 'facts'),
    used.transcript_lines > 0 && `last ${plural(used.transcript_lines, 'line', 'lines')}`,
    used.chat_messages > 0 && plural(used.chat_messages, 'earlier message', 'earlier messages'),
  ].filter((part): part is string => typeof part === 'string');
  return parts.length ? `Used: ${parts.join(', ')}` : 'Used: nothing remembered yet';
}
