import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { defaultMigrationsFolder } from '../db/database';
import { DrizzlePGlite } from '../db/pglite-client';

/** Where templates stay between test runs: one per content of the migrations and version of PGlite and drizzle. */
export const TEMPLATE_DIR = path.join(os.tmpdir(), 'wingmate-test-pglite');

/** A template not used for this long is of migrations long changed: each is 40 MB of the temp directory. */
export const STALE_TEMPLATE_MS = 7 * 24 * 60 * 60 * 1000;

export interface TemplateOptions {
  readonly migrationsFolder?: string;
  /** Where templates are kept (tests of this module use a directory of their own). */
  readonly dir?: string;
}

const templates = new Map<string, Promise<Blob>>();

/**
 * A fresh database with every migration applied, as PGlite's data directory: in-memory test databases start as a
 * copy of it (about 1.5 s) instead of running PGlite's initdb and the migrations (4-5 s), which was most of the
 * start of each suite's server. Made once per content of the migrations and version of PGlite and drizzle, kept
 * on disk for every later test file and process, and read from disk once per test file (Jest loads modules afresh
 * for each).
 */
export function migratedPgliteTemplate(options: TemplateOptions = {}): Promise<Blob> {
  const { migrationsFolder = defaultMigrationsFolder(), dir = TEMPLATE_DIR } = options;
  const cacheKey = `${dir}\n${migrationsFolder}`;
  let template = templates.get(cacheKey);
  if (!template) {
    template = loadOrMake(migrationsFolder, dir);
    templates.set(cacheKey, template);
    template.catch(() => templates.delete(cacheKey));
  }
  return template;
}

/**
 * Makes `dir` a PGlite data directory on disk with every migration applied, unpacked from the template: a test of
 * a database on disk (a server restart) starts from it instead of from PGlite's initdb on disk and the migrations,
 * which cost several times more. `dir` must not hold a database yet.
 */
export async function migratedPgliteDirectory(dir: string, options: TemplateOptions = {}): Promise<void> {
  const client = new DrizzlePGlite(dir, await migratedPgliteTemplate(options));
  await client.waitReady;
  await client.close();
}

/** The file the template of these migrations is kept in (it may not be made yet). */
export async function pgliteTemplateFile(options: TemplateOptions = {}): Promise<string> {
  const { migrationsFolder = defaultMigrationsFolder(), dir = TEMPLATE_DIR } = options;
  return path.join(dir, `${await templateKey(migrationsFolder)}.tar`);
}

async function loadOrMake(migrationsFolder: string, dir: string): Promise<Blob> {
  const file = await pgliteTemplateFile({ migrationsFolder, dir });
  const kept = await readFile(file).catch(() => null); // none yet, or removed meanwhile: made again
  if (kept) {
    await touch(file);
    return new Blob([kept]);
  }
  const tarball = await makeTemplate(migrationsFolder);
  // Keeping it saves the next test files the making; a directory we cannot write to only costs them that.
  await keep(file, tarball).catch(() => undefined);
  await forgetStaleTemplates(dir, file).catch(() => undefined);
  return tarball;
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

/** A template's time is when it was last used, so one in use is never taken for stale. */
async function touch(file: string): Promise<void> {
  const now = new Date();
  await utimes(file, now, now).catch(() => undefined);
}

/** Removes the templates (and halves left by a killed process) not used for a week, never the current one. */
async function forgetStaleTemplates(dir: string, current: string): Promise<void> {
  const now = Date.now();
  for (const name of await readdir(dir)) {
    const file = path.join(dir, name);
    if (file === current || !/\.(tar|partial)$/.test(name)) continue;
    const { mtimeMs } = await stat(file).catch(() => ({ mtimeMs: now }));
    if (now - mtimeMs > STALE_TEMPLATE_MS) await rm(file, { force: true });
  }
}

/** What the template depends on: every file of the migrations folder, and the versions of PGlite and drizzle. */
async function templateKey(migrationsFolder: string): Promise<string> {
  const hash = createHash('sha256');
  hash.update(await packageVersion('@electric-sql/pglite'));
  hash.update(await packageVersion('drizzle-orm'));
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

/** A package's version; its package.json may not be among its exports, so it is found from its entry point. */
async function packageVersion(name: string): Promise<string> {
  let dir = path.dirname(require.resolve(name));
  while (dir !== path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest)) {
      const found = JSON.parse(await readFile(manifest, 'utf8')) as { name?: string; version?: string };
      if (found.name === name && found.version) return found.version;
    }
    dir = path.dirname(dir);
  }
  throw new Error(`The version of ${name} was not found`);
}
