import type { Suggestion } from '@wingmate/api-contract';
import { sql, type Placeholder } from 'drizzle-orm';
import type { AppDatabase } from '../../db/database';
import { preparedPerDatabase } from '../../db/prepared-per-database';
import { chatMessages, suggestions } from '../../db/schema';
import type { Owner } from '../owner/owner';
import { offeredSuggestionRow, type OfferedAt } from '../suggestions/offered-suggestions';
import type { ChatMessageRow } from './history';

/** One message of an exchange, as it is inserted. */
export type ExchangeMessage = Omit<typeof chatMessages.$inferInsert, 'id' | 'regenerationClaimedUntil'>;

/**
 * Inserts the person's message and the reply, with the suggestions the reply offers, in one statement (a `with`),
 * which alone needs no transaction; the statement is built and prepared once per database and number of
 * suggestions, since drizzle's building of it was an eighth of a send's server time
 * (docs/performance.md#after-the-spend-in-one-statement). Answers the two stored rows, the person's first.
 */
export async function insertExchange(
  db: AppDatabase,
  [sent, reply]: readonly [ExchangeMessage, ExchangeMessage],
  offered: { readonly owner: Owner; readonly suggestions: readonly Suggestion[]; readonly at: OfferedAt },
): Promise<readonly [ChatMessageRow, ChatMessageRow]> {
  const values: Record<string, unknown> = {
    ...messageValues('sent', sent),
    ...messageValues('reply', reply),
  };
  offered.suggestions.forEach((suggestion, i) => {
    Object.assign(values, suggestionValues(`offered${i}`, offered.owner, suggestion, offered.at));
  });
  const stored = await exchangeInsert(db, offered.suggestions.length).execute(values);
  const user = stored.find((row) => row.role === 'user');
  const ai = stored.find((row) => row.role === 'ai');
  if (!user || !ai) throw new Error('the exchange was not stored');
  return [user, ai];
}

const MESSAGE_COLUMNS = [
  'userId',
  'uid',
  'matchId',
  'role',
  'body',
  'model',
  'imageKey',
  'imageUrl',
  'imageWidths',
  'used',
  'createdAt',
] as const satisfies readonly (keyof ExchangeMessage)[];

const SUGGESTION_COLUMNS = [
  'userId',
  'uid',
  'id',
  'kind',
  'tone',
  'text',
  'score',
  'matchId',
  'createdAt',
] as const satisfies readonly (keyof typeof suggestions.$inferInsert)[];

function messageValues(prefix: string, message: ExchangeMessage): Record<string, unknown> {
  const row: Required<ExchangeMessage> = {
    userId: message.userId ?? null,
    uid: message.uid ?? null,
    matchId: message.matchId ?? null,
    role: message.role,
    body: message.body,
    model: message.model ?? null,
    imageKey: message.imageKey ?? null,
    imageUrl: message.imageUrl ?? null,
    imageWidths: message.imageWidths ?? [],
    used: message.used ?? null,
    createdAt: message.createdAt ?? new Date(),
  };
  return Object.fromEntries(MESSAGE_COLUMNS.map((column) => [`${prefix}_${column}`, row[column]]));
}

function suggestionValues(
  prefix: string,
  owner: Owner,
  suggestion: Suggestion,
  at: OfferedAt,
): Record<string, unknown> {
  const row = offeredSuggestionRow(owner, suggestion, at);
  return Object.fromEntries(SUGGESTION_COLUMNS.map((column) => [`${prefix}_${column}`, row[column]]));
}

/** Every column of `columns` as the placeholder `<prefix>_<column>`. */
function placeholders<Column extends string>(
  prefix: string,
  columns: readonly Column[],
): Record<Column, Placeholder> {
  return Object.fromEntries(
    columns.map((column) => [column, sql.placeholder(`${prefix}_${column}`)]),
  ) as Record<Column, Placeholder>;
}

const exchangeInserts = preparedPerDatabase(() => new Map<number, ReturnType<typeof buildExchangeInsert>>());

function exchangeInsert(db: AppDatabase, offeredCount: number) {
  const built = exchangeInserts(db);
  let insert = built.get(offeredCount);
  if (!insert) {
    insert = buildExchangeInsert(db, offeredCount);
    built.set(offeredCount, insert);
  }
  return insert;
}

function buildExchangeInsert(db: AppDatabase, offeredCount: number) {
  const pair = [placeholders('sent', MESSAGE_COLUMNS), placeholders('reply', MESSAGE_COLUMNS)];
  const offered = Array.from({ length: offeredCount }, (_, i) =>
    placeholders(`offered${i}`, SUGGESTION_COLUMNS),
  );
  const into =
    offered.length > 0
      ? db.with(db.$with('offered').as(db.insert(suggestions).values(offered))).insert(chatMessages)
      : db.insert(chatMessages);
  return into.values(pair).returning().prepare(`chat_exchange_${offeredCount}`);
}
