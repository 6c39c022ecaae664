// The e-mail verification codes the console e-mail sender stored in the outbox, the newest per address, written as
// JSON (`{ "address": "123456" }`) to --out. A production start on the embedded services logs no codes
// (docs/decisions.md#input-headers-and-logs), so a benchmark that makes members reads them from the database through
// the API's own db module, as the API's tests read them (`codeFromOutbox`).
//   npx tsx tools/bench/lib/verification-codes.ts --data-dir DIR --out codes.json     (the PGlite of DATA_DIR)
//   DATABASE_URL=postgres://... npx tsx tools/bench/lib/verification-codes.ts --out codes.json
// PGlite takes one process: stop the server on that DATA_DIR first (the database refuses a second opener).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { runWithApiPaths } from '../../seed/api-paths';

async function main(): Promise<void> {
  runWithApiPaths();
  const { values } = parseArgs({
    options: { 'data-dir': { type: 'string' }, out: { type: 'string' } },
  });
  if (!values.out || (!values['data-dir'] && !process.env['DATABASE_URL'])) {
    console.error(
      'usage: npx tsx tools/bench/lib/verification-codes.ts (--data-dir DIR | DATABASE_URL=...) --out FILE',
    );
    process.exit(2);
  }
  const { openDatabase } = await import('../../../apps/api/src/db/database');
  const { outboxMessages } = await import('../../../apps/api/src/db/schema');
  const { asc, eq } = await import('drizzle-orm');
  const database = await openDatabase({
    databaseUrl: process.env['DATABASE_URL'] || undefined,
    pgliteDir: path.join(path.resolve(values['data-dir'] ?? 'data'), 'db'),
  });
  try {
    const mails = await database.db
      .select({ recipient: outboxMessages.recipient, body: outboxMessages.body })
      .from(outboxMessages)
      .where(eq(outboxMessages.channel, 'email'))
      .orderBy(asc(outboxMessages.id));
    const codes: Record<string, string> = {};
    for (const mail of mails) {
      const code = /\b(\d{6})\b/.exec(mail.body)?.[1];
      if (code) codes[mail.recipient] = code;
    }
    writeFileSync(values.out, JSON.stringify(codes));
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
