import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import { Pool } from 'pg';
import { serializeError } from '../logging';
import { lockDataDirectory, type DataLock } from './data-lock';
import { DrizzlePGlite } from './pglite-client';
import { prepareStatementsByText } from './postgres-statements';
import * as schema from './schema';

export type Schema = typeof schema;

/** The one database type the services see, whichever driver is underneath. */
export type AppDatabase = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseDriver = 'pglite' | 'postgres';

export interface Database {
  readonly db: AppDatabase;
  readonly driver: DatabaseDriver;
  /** Round trip to the database; throws when it does not answer. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** A Postgres URL; absent = PGlite. */
  readonly databaseUrl?: string;
  /** PGlite's directory; absent = in memory. */
  readonly pgliteDir?: string;
  /**
   * An in-memory PGlite starts as a copy of this data directory (PGlite's `dumpDataDir`) instead of running
   * initdb, 3-5 s a database: tests start from one already migrated (`testing/pglite-template.ts`).
   */
  readonly pgliteTemplate?: Blob;
  readonly migrationsFolder?: string;
  /** Where a failed idle connection is reported (the app's logger); default: one JSON line on stderr. */
  readonly log?: DatabaseLog;
}

/** The part of a pino logger the database reports through (its `err` serializer keeps query values out). */
export interface DatabaseLog {
  error(fields: { err: unknown }, message: string): void;
}

/** Outside the app (scripts, tests opening a database alone): the same fields, no query values (logging.ts). */
const stderrLog: DatabaseLog = {
  error: ({ err }, message) =>
    console.error(JSON.stringify({ level: 'error', msg: message, err: serializeError(err) })),
};

/** Opens the database and applies every pending migration before anything else uses it. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const migrationsFolder = options.migrationsFolder ?? defaultMigrationsFolder();
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, migrationsFolder, options.log ?? stderrLog)
    : openPglite(options.pgliteDir, migrationsFolder, options.pgliteTemplate);
}

/**
 * PGlite takes one process: a directory on disk is locked first (docs/decisions.md#production-start-and-throughput), so
 * a second server on the same DATA_DIR refuses to start instead of writing into a database the first one overwrites.
 */
async function openPglite(
  dir: string | undefined,
  migrationsFolder: string,
  template: Blob | undefined,
): Promise<Database> {
  if (dir && template) throw new Error('A PGlite template is for an in-memory database, not a directory');
  let lock: DataLock | undefined;
  if (dir) {
    await mkdir(path.dirname(dir), { recursive: true });
    lock = await lockDataDirectory(dir);
    await mkdir(dir, { recursive: true });
  }
  const client = dir ? new DrizzlePGlite(dir) : new DrizzlePGlite(undefined, template);
  const closeClient = async () => {
    try {
      await client.close();
    } finally {
      lock?.release();
    }
  };
  const db = drizzlePglite({ client, schema });
  try {
    await migratePglite(db, { migrationsFolder });
  } catch (error) {
    await closeClient();
    throw error;
  }
  return {
    db: db as unknown as AppDatabase,
    driver: 'pglite',
    ping: async () => void (await db.execute(sql`select 1`)),
    close: once(closeClient),
  };
}

async function openPostgres(url: string, migrationsFolder: string, log: DatabaseLog): Promise<Database> {
  const pool = new Pool({ connectionString: url, max: 10 });
  prepareStatementsByText(pool);
  // An idle connection the server closes (a restart, a failover) must not crash the process: the pool drops it
  // and opens a new one on the next query, where a real outage surfaces as that query's error. It is logged, so
  // an operator sees connections dropping before queries fail.
  pool.on('error', (error) =>
    log.error({ err: error }, 'an idle database connection failed; the pool drops it'),
  );
  const endPool = poolEnder(pool);
  const db = drizzlePostgres({ client: pool, schema });
  try {
    await migratePostgres(db, { migrationsFolder });
  } catch (error) {
    await endPool();
    throw error;
  }
  return {
    db: db as unknown as AppDatabase,
    driver: 'postgres',
    ping: async () => void (await db.execute(sql`select 1`)),
    close: once(endPool),
  };
}

/**
 * Ends the pool once every connection has closed. `pool.end()` resolves as soon as the pool lets go of its
 * connections, before each one's goodbye reached the server: a database dropped or a server stopped right after
 * cut the ones still open, each reported as a failed idle connection.
 */
function poolEnder(pool: Pool): () => Promise<void> {
  const open = new Set<Promise<void>>();
  pool.on('connect', (client) => {
    const ended = new Promise<void>((resolve) => client.once('end', () => resolve()));
    open.add(ended);
    void ended.then(() => open.delete(ended));
  });
  return async () => {
    await pool.end();
    await Promise.all(open);
  };
}

/** Migrations sit beside this file in the sources and beside the bundle in `dist/`. */
export function defaultMigrationsFolder(): string {
  const candidates = [path.join(__dirname, 'migrations'), path.join(__dirname, 'db', 'migrations')];
  const found = candidates.find((candidate) => existsSync(path.join(candidate, 'meta', '_journal.json')));
  if (!found) throw new Error(`No migrations found (looked in ${candidates.join(', ')})`);
  return found;
}

/** Closing twice (a failed start, then the server's own close) must not throw. */
function once(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => (closing ??= close());
}
