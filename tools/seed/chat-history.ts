// Fills a member's chat history with N messages written straight into the database through the API's own db
// module (its migrations, its schema), not by sending: a long history for the chat screen's benchmarks.
//   npx tsx tools/seed/chat-history.ts --user-id 7 [--count 500] [--data-dir data]     (the PGlite of DATA_DIR)
//   DATABASE_URL=postgres://... npx tsx tools/seed/chat-history.ts --user-id 7 [--count 500]
// PGlite takes one process: stop the server on that DATA_DIR first (the database refuses a second opener).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { runWithApiPaths } from './api-paths';

/** The questions and answers a dating chat is made of; the AI's carry markdown (lists, bold) as real ones do. */
const QUESTIONS = [
  'She wrote "I love hiking and bad puns". What do I open with?',
  'He has not answered for two days. Should I text again?',
  'Can you make my bio less boring? I like cooking, running and old films.',
  'What do I answer to "so what are you looking for here"?',
  'Is a coffee date too boring for a first date?',
];
const ANSWERS = [
  'Try one of these:\n\n- **"Which trail is worth the climb, and which pun is worth the groan?"**\n' +
    '- "I have a pun about mountains, but it is a bit steep."\n- "Hiking buddy or pun rival: which am I auditioning for?"',
  'Two days is not long. Send one light message that stands on its own, e.g. *"How did the week treat you?"*, ' +
    'and then let it be: a second unanswered text says more than the first.',
  '**Home cook, slow runner, fast friend.** I make a mean risotto, run just far enough to deserve it, and will ' +
    'talk you into a black-and-white film you end up loving.',
  'Be honest and light: *"Someone to share good food and bad films with, and see where it goes. You?"* It answers ' +
    'the question and hands it back.',
  'Not at all. Coffee is short, cheap and easy to extend: if it goes well, suggest a walk right after.',
];

/** The body of the `index`-th message: the person's and the AI's alternate, oldest first. */
export function seedMessageBody(index: number): { role: 'user' | 'ai'; body: string } {
  const turn = Math.floor(index / 2);
  return index % 2 === 0
    ? { role: 'user', body: `${QUESTIONS[turn % QUESTIONS.length]} (#${turn + 1})` }
    : { role: 'ai', body: ANSWERS[turn % ANSWERS.length]! };
}

interface SeedOptions {
  readonly userId: number;
  readonly count: number;
  /** DATA_DIR of a PGlite start (its database is `<dataDir>/db`); ignored with `databaseUrl`. */
  readonly dataDir: string;
  readonly databaseUrl: string | undefined;
}

/** Writes the messages in one transaction, a minute apart and ending now; returns how many the user now has. */
export async function seedChatHistory(options: SeedOptions): Promise<number> {
  const { openDatabase } = await import('../../apps/api/src/db/database');
  const { chatMessages, users } = await import('../../apps/api/src/db/schema');
  const { count, eq } = await import('drizzle-orm');
  const database = await openDatabase({
    databaseUrl: options.databaseUrl,
    pgliteDir: path.join(path.resolve(options.dataDir), 'db'),
  });
  try {
    const { db } = database;
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, options.userId));
    if (!user) throw new Error(`No user ${options.userId} in this database`);
    const now = Date.now();
    const rows = Array.from({ length: options.count }, (_, index) => ({
      userId: options.userId,
      ...seedMessageBody(index),
      model: index % 2 === 1 ? 'wingmate-offline' : null,
      createdAt: new Date(now - (options.count - index) * 60_000),
    }));
    await db.transaction(async (tx) => {
      // Batches keep each statement's parameters well under Postgres's limit of 65535.
      for (let start = 0; start < rows.length; start += 1000)
        await tx.insert(chatMessages).values(rows.slice(start, start + 1000));
    });
    const [total] = await db
      .select({ total: count() })
      .from(chatMessages)
      .where(eq(chatMessages.userId, options.userId));
    return total?.total ?? 0;
  } finally {
    await database.close();
  }
}

function usage(problem: string): never {
  console.error(
    `${problem}\nusage: npx tsx tools/seed/chat-history.ts --user-id N [--count 500] [--data-dir DIR]`,
  );
  process.exit(2);
}

async function main(): Promise<void> {
  runWithApiPaths();
  const { values } = parseArgs({
    options: {
      'user-id': { type: 'string' },
      count: { type: 'string', default: '500' },
      'data-dir': { type: 'string', default: process.env['DATA_DIR'] ?? 'data' },
    },
  });
  const userId = Number(values['user-id']);
  const count = Number(values.count);
  if (!Number.isInteger(userId) || userId <= 0) usage('--user-id must be a user id (a positive integer)');
  if (!Number.isInteger(count) || count <= 0) usage('--count must be a positive integer');
  const total = await seedChatHistory({
    userId,
    count,
    dataDir: values['data-dir'],
    databaseUrl: process.env['DATABASE_URL'] || undefined,
  });
  console.log(`seeded ${count} chat messages for user ${userId} (${total} in all)`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
