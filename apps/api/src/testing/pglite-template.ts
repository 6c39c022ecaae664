import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { defaultMigrationsFolder } from '../db/database';
import { DrizzlePGlite } from '../db/pglite-client';

/** Where templates stay between test runs: one per content of the migrations and version of PGlite. */
export const TEMPLATE_DIR = path.join(os.tmpdir(), 'wingmate-test-pglite');

const templates = new Map<string, Promise<Blob>>();

/**
 * A fresh database with every migration applied, as PGlite's data directory: in-memory test databases start as a
 * copy of it (about 1.5 s) instead of running PGlite's initdb and the migrations (4-5 s), which was most of the
 * start of each suite's server. Made once per content of the migrations and PGlite version, kept on disk for the
 * test processes after the first, and once per process in memory.
 */
export function migratedPgliteTemplate(migrationsFolder = defaultMigrationsFolder()): Promise<Blob> {
  let template = templates.get(migrationsFolder);
  if (!template) {
    template = loadOrMake(migrationsFolder);
    templates.set(migrationsFolder, template);
    template.catch(() => templates.delete(migrationsFolder));
  }
  return template;
}

/** The file the template of `migrationsFolder` is kept in (it may not be made yet). */
export async function pgliteTemplateFile(migrationsFolder = defaultMigrationsFolder()): Promise<string> {
  return path.join(TEMPLATE_DIR, `${await templateKey(migrationsFolder)}.tar`);
}

async function loadOrMake(migrationsFolder: string): Promise<Blob> {
  const file = await pgliteTemplateFile(migrationsFolder);
  if (existsSync(file)) return new Blob([await readFile(file)]);
  const tarball = await makeTemplate(migrationsFolder);
  await keep(file, tarball);
  await forgetStaleTemplates(file);
  return tarball;
}

/** Templates last made this long ago are of migrations long changed: each is 40 MB of the temp directory. */
export const STALE_TEMPLATE_MS = 7 * 24 * 60 * 60 * 1000;

/** Removes the other templates not made for a week (another checkout may still use a newer one). */
async function forgetStaleTemplates(current: string, now = Date.now()): Promise<void> {
  for (const name of await readdir(TEMPLATE_DIR)) {
    const file = path.join(TEMPLATE_DIR, name);
    if (file === current || !name.endsWith('.tar')) continue;
    const { mtimeMs } = await stat(file).catch(() => ({ mtimeMs: now }));
    if (now - mtimeMs > STALE_TEMPLATE_MS) await rm(file, { force: true });
  }
}

/** A fresh in-memory database, migrated as `openDatabase` migrates one, dumped. */
async function makeTemplate(migrationsFolder: string): Promise<Blob> {
  const client = new DrizzlePGlite();
  try {
    await migrate(drizzle({ client }), { migrationsFolder });
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}

/** Written under a name of its own, then renamed: test processes making it at once never read half a file. */
async function keep(file: string, tarball: Blob): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const partial = `${file}.${randomBytes(4).toString('hex')}.partial`;
  try {
    await writeFile(partial, new Uint8Array(await tarball.arrayBuffer()));
    await rename(partial, file);
  } finally {
    await rm(partial, { force: true });
  }
}

/** What the template depends on: every file of the migrations folder and the PGlite version. */
async function templateKey(migrationsFolder: string): Promise<string> {
  const hash = createHash('sha256');
  hash.update(await pgliteVersion());
  const files = (await readdir(migrationsFolder, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
  for (const file of files) {
    hash.update(path.relative(migrationsFolder, file));
    hash.update(await readFile(file));
  }
  return hash.digest('hex').slice(0, 32);
}

/** PGlite's package.json is not among its exports, so it is found from the entry point it resolves to. */
async function pgliteVersion(): Promise<string> {
  let dir = path.dirname(require.resolve('@electric-sql/pglite'));
  while (dir !== path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest)) {
      const { name, version } = JSON.parse(await readFile(manifest, 'utf8')) as {
        name?: string;
        version?: string;
      };
      if (name === '@electric-sql/pglite' && version) return version;
    }
    dir = path.dirname(dir);
  }
  throw new Error('PGlite version not found');
}
