/**
 * Loads a plan catalogue into the configured database (DATABASE_URL, or the embedded PGlite under DATA_DIR; the
 * root `.env` is read first, as the API's start does: docs/running.md#the-env-file),
 * upserting by each plan's stable `code`:
 *
 *   npx tsx tools/load-catalogue.ts apps/api/src/seed/catalogue.json
 */
import { readFile } from 'node:fs/promises';
import { loadConfig } from '../apps/api/src/config';
import path from 'node:path';
import { openDatabase } from '../apps/api/src/db/database';
import { loadRootEnvFile } from '../apps/api/src/env-file';
import { loadCatalogue, parseCatalogue } from '../apps/api/src/services/memberships/catalogue';

async function main(file: string | undefined): Promise<void> {
  if (!file) throw new Error('Usage: npx tsx tools/load-catalogue.ts path/to/catalogue.json');
  const catalogue = parseCatalogue(JSON.parse(await readFile(file, 'utf8')));
  loadRootEnvFile();
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'db'),
  });
  try {
    const { inserted, updated } = await loadCatalogue(database.db, catalogue);
    console.log(`Catalogue ${file}: ${inserted} added, ${updated} updated (${database.driver}).`);
  } finally {
    await database.close();
  }
}

main(process.argv[2]).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
