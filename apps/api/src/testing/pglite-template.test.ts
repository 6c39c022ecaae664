import { existsSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { defaultMigrationsFolder, openDatabase, type Database } from '../db/database';
import {
  migratedPgliteTemplate,
  pgliteTemplateFile,
  STALE_TEMPLATE_MS,
  TEMPLATE_DIR,
} from './pglite-template';

jest.setTimeout(60_000);

const countRows = async (database: Database, query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: { n: number }[] }).rows[0]?.n;

describe('the migrated PGlite template of the tests', () => {
  it('starts each in-memory database with every migration applied, each a copy of its own', async () => {
    const journal = JSON.parse(
      await readFile(path.join(defaultMigrationsFolder(), 'meta', '_journal.json'), 'utf8'),
    ) as { entries: unknown[] };
    const template = await migratedPgliteTemplate();
    const first = await openDatabase({ pgliteTemplate: template });
    const second = await openDatabase({ pgliteTemplate: template });
    try {
      const applied = sql`select count(*)::int as n from drizzle.__drizzle_migrations`;
      expect(await countRows(first, applied)).toBe(journal.entries.length);
      await first.db.execute(sql`create table only_in_first (id int)`);
      await expect(second.db.execute(sql`select * from only_in_first`)).rejects.toThrow(/only_in_first/);
    } finally {
      await first.close();
      await second.close();
    }
  });

  it('is kept on disk, made again when a migration changes, and the same promise within a process', async () => {
    const copy = await mkdtemp(path.join(os.tmpdir(), 'wingmate-migrations-'));
    try {
      await cp(defaultMigrationsFolder(), copy, { recursive: true });
      expect(await pgliteTemplateFile(copy)).toBe(await pgliteTemplateFile());
      expect(existsSync(await pgliteTemplateFile())).toBe(true);

      await writeFile(path.join(copy, '9999_not_in_the_journal.sql'), '-- changes the key only');
      const changed = await pgliteTemplateFile(copy);
      expect(changed).not.toBe(await pgliteTemplateFile());
      await rm(changed, { force: true });
      // Making one removes the templates not made for a week, and only those.
      const stale = path.join(TEMPLATE_DIR, 'stale-test-template.tar');
      const recent = path.join(TEMPLATE_DIR, 'recent-test-template.tar');
      await writeFile(stale, '');
      await writeFile(recent, '');
      const longAgo = new Date(Date.now() - STALE_TEMPLATE_MS - 60_000);
      await utimes(stale, longAgo, longAgo);

      const made = migratedPgliteTemplate(copy);
      expect(migratedPgliteTemplate(copy)).toBe(made);
      await made;
      expect(existsSync(changed)).toBe(true);
      expect(existsSync(stale)).toBe(false);
      expect(existsSync(recent)).toBe(true);
      expect(existsSync(await pgliteTemplateFile())).toBe(true);
      await rm(changed, { force: true });
      await rm(recent, { force: true });
    } finally {
      await rm(copy, { recursive: true, force: true });
    }
  });

  it('is refused for a database on disk, which keeps its own directory', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'wingmate-pglite-'));
    try {
      await expect(
        openDatabase({ pgliteDir: path.join(dir, 'data'), pgliteTemplate: await migratedPgliteTemplate() }),
      ).rejects.toThrow('A PGlite template is for an in-memory database, not a directory');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
