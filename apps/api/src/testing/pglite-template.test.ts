import { existsSync } from 'node:fs';
import { copyFile, cp, mkdir, mkdtemp, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { defaultMigrationsFolder, openDatabase, type Database } from '../db/database';
import { DrizzlePGlite } from '../db/pglite-client';
import {
  migratedPgliteDirectory,
  migratedPgliteTemplate,
  pgliteTemplateFile,
  STALE_TEMPLATE_MS,
} from './pglite-template';

const countRows = async (database: Database, query: ReturnType<typeof sql>) =>
  ((await database.db.execute<{ n: number }>(query)) as { rows: { n: number }[] }).rows[0]?.n;

const longAgo = () => new Date(Date.now() - STALE_TEMPLATE_MS - 60_000);

/** How many migrations the journal lists: a migrated database has applied each. */
async function migrationCount(): Promise<number> {
  const journal = path.join(defaultMigrationsFolder(), 'meta', '_journal.json');
  return (JSON.parse(await readFile(journal, 'utf8')) as { entries: unknown[] }).entries.length;
}

describe('the migrated PGlite template of the tests', () => {
  let scratch: string;
  beforeEach(async () => {
    scratch = await mkdtemp(path.join(os.tmpdir(), 'wingmate-template-test-'));
  });
  afterEach(async () => {
    await rm(scratch, { recursive: true, force: true });
  });

  it('starts each in-memory database with every migration applied, each a copy of its own', async () => {
    const template = await migratedPgliteTemplate();
    const first = await openDatabase({ pgliteTemplate: template });
    const second = await openDatabase({ pgliteTemplate: template });
    try {
      const applied = sql`select count(*)::int as n from drizzle.__drizzle_migrations`;
      expect(await countRows(first, applied)).toBe(await migrationCount());
      await first.db.execute(sql`create table only_in_first (id int)`);
      await expect(second.db.execute(sql`select * from only_in_first`)).rejects.toThrow(/only_in_first/);
    } finally {
      await first.close();
      await second.close();
    }
  });

  it('is kept per content of the migrations, and making one removes what was not used for a week', async () => {
    const migrationsFolder = path.join(scratch, 'migrations');
    const dir = path.join(scratch, 'templates');
    await cp(defaultMigrationsFolder(), migrationsFolder, { recursive: true });
    const original = await pgliteTemplateFile({ migrationsFolder, dir });
    expect(path.basename(original)).toBe(path.basename(await pgliteTemplateFile()));

    await writeFile(path.join(migrationsFolder, '9999_not_in_the_journal.sql'), '-- changes the key only');
    const changed = await pgliteTemplateFile({ migrationsFolder, dir });
    expect(changed).not.toBe(original);

    const stale = path.join(dir, 'stale.tar');
    const halfWritten = path.join(dir, 'killed.tar.0a1b2c3d.partial');
    const recent = path.join(dir, 'recent.tar');
    await mkdir(dir);
    for (const file of [stale, halfWritten, recent]) await writeFile(file, '');
    for (const file of [stale, halfWritten]) await utimes(file, longAgo(), longAgo());

    const made = migratedPgliteTemplate({ migrationsFolder, dir });
    expect(migratedPgliteTemplate({ migrationsFolder, dir })).toBe(made);
    await made;
    expect(existsSync(changed)).toBe(true);
    expect(existsSync(stale)).toBe(false);
    expect(existsSync(halfWritten)).toBe(false);
    expect(existsSync(recent)).toBe(true);
  });

  it('is read from disk when kept, and its time moves on each use, so one in use never goes stale', async () => {
    await migratedPgliteTemplate(); // kept in the shared directory
    const dir = path.join(scratch, 'templates');
    const kept = await pgliteTemplateFile({ dir });
    await mkdir(dir);
    await copyFile(await pgliteTemplateFile(), kept);
    await utimes(kept, longAgo(), longAgo());

    const template = await migratedPgliteTemplate({ dir });
    expect(template.size).toBe((await stat(kept)).size);
    expect(Date.now() - (await stat(kept)).mtimeMs).toBeLessThan(STALE_TEMPLATE_MS);
  });

  it('unpacks into a new directory on disk, every migration already applied there', async () => {
    const dir = path.join(scratch, 'db');
    await migratedPgliteDirectory(dir);
    const client = new DrizzlePGlite(dir); // opened as it is: no migrations run here
    try {
      const applied = await client.query('select count(*)::int as n from drizzle.__drizzle_migrations');
      expect(applied.rows).toEqual([{ n: await migrationCount() }]);
    } finally {
      await client.close();
    }
  });

  it('is refused for a database on disk, which keeps its own directory', async () => {
    await expect(
      openDatabase({ pgliteDir: path.join(scratch, 'data'), pgliteTemplate: await migratedPgliteTemplate() }),
    ).rejects.toThrow('A PGlite template is for an in-memory database, not a directory');
  });
});
