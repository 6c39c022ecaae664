import { STYLE_LIMITS } from '@wingmate/api-contract';
import { and, asc, eq } from 'drizzle-orm';
import type { AppDatabase } from '../../db/database';
import { matchLines } from '../../db/schema';
import { Problem } from '../../problem';
import { ownedMatch } from '../matches/owned-match';
import type { Owner } from '../owner/owner';
import { boundedMessage } from './message-style';
import { wellFormed } from './style-json';

/** Where new messages of the person's own come from: pasted, or their side of one of their matches. */
export interface SampleSource {
  readonly text?: string;
  readonly match_id?: number;
}

const messageOf = (text: string) => wellFormed(boundedMessage(text.trim()).trim());

/** Pasted text as messages: one a line, trimmed, blank lines dropped, each cut at `STYLE_LIMITS.sampleLength`. */
export function pastedMessages(text: string): string[] {
  return text
    .split(/\r\n|\r|\n/)
    .map(messageOf)
    .filter((line) => line !== '');
}

/**
 * The messages a call gives (docs/product.md#sounds-like-me): exactly one of pasted text and a match (the caller's
 * own, 404 otherwise), and at least one message in it (400 on the field given).
 */
export async function messagesFrom(db: AppDatabase, owner: Owner, source: SampleSource): Promise<string[]> {
  const { text, match_id: matchId } = source;
  if (text !== undefined && matchId !== undefined) {
    throw Problem.fields({
      text: ['Give pasted messages or a match, not both.'],
      match_id: ['Give pasted messages or a match, not both.'],
    });
  }
  if (matchId !== undefined) {
    const match = await ownedMatch(db, owner, matchId);
    const lines = await db
      .select({ text: matchLines.text })
      .from(matchLines)
      .where(and(eq(matchLines.matchId, match.id), eq(matchLines.side, 'me')))
      .orderBy(asc(matchLines.position));
    // A line of the transcript is one message, even when it runs over several lines.
    const messages = lines.map((line) => messageOf(line.text)).filter(Boolean);
    if (messages.length === 0) {
      throw Problem.field('match_id', 'This conversation has no message of yours yet.');
    }
    return messages;
  }
  if (text === undefined) {
    throw Problem.fields({
      text: ['Paste messages of yours, one a line, or choose a match.'],
      match_id: ['Paste messages of yours, one a line, or choose a match.'],
    });
  }
  const messages = pastedMessages(text);
  if (messages.length === 0) throw Problem.field('text', 'Paste at least one message of yours, one a line.');
  return messages;
}

/** The samples kept: the newest `STYLE_LIMITS.samplesKept`, oldest first. */
export function keptSamples(kept: readonly string[], added: readonly string[]): string[] {
  return [...kept, ...added].slice(-STYLE_LIMITS.samplesKept);
}
