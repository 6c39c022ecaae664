import type { MatchChatMessage, MatchChatPage, MemoryUsed } from '@wingmate/api-contract';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { ChatTurn, MatchContext, UserProfile } from '../../adapters/ai/ports';
import type { AppDatabase } from '../../db/database';
import { chatMessages, matchLines, matchMemoryFacts } from '../../db/schema';
import { chatOf, type ChatMessageRow } from '../chat/history';
import type { Owner } from '../owner/owner';
import { pageOf, type PageRequest } from '../shared/pages';
import type { MatchRow } from './owned-match';

/** The newest transcript lines a coaching reply reads (docs/product.md#how-a-matchs-memory-works). */
export const COACHING_LINES = 20;
/** The newest coaching messages a coaching reply reads. */
export const COACHING_MESSAGES = 10;

/**
 * One match as the AI reads it: its fields, summary and facts (pinned first), and its newest `lines` transcript
 * lines, oldest first. Everything is read by the match's id, so nothing of another match can come in.
 */
export async function matchContextOf(
  db: AppDatabase,
  match: MatchRow,
  lines = COACHING_LINES,
): Promise<MatchContext> {
  const [facts, newest] = await Promise.all([
    db
      .select({
        id: matchMemoryFacts.id,
        text: matchMemoryFacts.text,
        source: matchMemoryFacts.source,
        pinned: matchMemoryFacts.pinned,
      })
      .from(matchMemoryFacts)
      .where(eq(matchMemoryFacts.matchId, match.id))
      .orderBy(desc(matchMemoryFacts.pinned), asc(matchMemoryFacts.id)),
    db
      .select({ side: matchLines.side, text: matchLines.text })
      .from(matchLines)
      .where(eq(matchLines.matchId, match.id))
      .orderBy(desc(matchLines.position), desc(matchLines.id))
      .limit(lines),
  ]);
  return {
    name: match.name,
    whereMet: match.whereMet,
    profileText: match.profileText,
    notes: match.notes,
    summary: match.summary,
    facts,
    lines: newest.reverse(),
  };
}

/**
 * The context "What do I answer?" reads: the newest lines, and the match's newest line of theirs in front of them when
 * it is older than those (every line after it is the person's), so there is a line to answer whenever the transcript
 * has one; undefined when it has none.
 */
export async function replyContextOf(db: AppDatabase, match: MatchRow): Promise<MatchContext | undefined> {
  const context = await matchContextOf(db, match);
  if (context.lines.some((line) => line.side === 'them')) return context;
  const [theirs] = await db
    .select({ side: matchLines.side, text: matchLines.text })
    .from(matchLines)
    .where(and(eq(matchLines.matchId, match.id), eq(matchLines.side, 'them')))
    .orderBy(desc(matchLines.position), desc(matchLines.id))
    .limit(1);
  return theirs && { ...context, lines: [theirs, ...context.lines] };
}

/**
 * The newest messages of the match's coaching chat, oldest first (its messages are its owner's: the match was
 * found as the caller's before); with `role`, the newest of that role only.
 */
export function coachingTurns(
  db: AppDatabase,
  matchId: number,
  limit = COACHING_MESSAGES,
  role?: ChatTurn['role'],
): Promise<ChatTurn[]> {
  return db
    .select({ role: chatMessages.role, body: chatMessages.body })
    .from(chatMessages)
    .where(and(eq(chatMessages.matchId, matchId), role && eq(chatMessages.role, role)))
    .orderBy(desc(chatMessages.id))
    .limit(limit)
    .then((rows) => rows.reverse());
}

/** What a reply read, as `used` says it (stored with the reply, and answered). */
export function memoryUsed(
  profile: UserProfile,
  match: MatchContext,
  history: readonly ChatTurn[],
): MemoryUsed {
  return {
    profile_answers: profile.answers.length + profile.questionnaire.length,
    match_profile: match.profileText.trim() !== '',
    notes: match.notes.trim() !== '',
    summary: match.summary.trim() !== '',
    facts: match.facts.map((fact) => fact.id),
    transcript_lines: match.lines.length,
    chat_messages: history.length,
  };
}

export function matchChatMessageJson(row: ChatMessageRow): MatchChatMessage {
  return {
    id: row.id,
    role: row.role,
    body: row.body,
    used: row.role === 'ai' ? ((row.used as MemoryUsed | null) ?? null) : null,
    created_at: row.createdAt.toISOString(),
  };
}

/** The match's coaching chat, 20 messages a page, newest first. */
export async function matchChatPage(
  db: AppDatabase,
  owner: Owner,
  matchId: number,
  page: PageRequest,
): Promise<MatchChatPage> {
  const mine = chatOf(owner, matchId);
  const [total] = await db.select({ n: count() }).from(chatMessages).where(mine);
  const rows = await db
    .select()
    .from(chatMessages)
    .where(mine)
    .orderBy(desc(chatMessages.id))
    .limit(page.size)
    .offset((page.number - 1) * page.size);
  return pageOf(page, Number(total?.n ?? 0), rows.map(matchChatMessageJson));
}
