// A throwaway database on a Postgres server for one benchmark run, dropped afterwards (the API suites do the same).
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'apps', 'api');
const { Pool } = createRequire(path.join(apiDir, 'package.json'))('pg');

/** Calls `use` with the URL of a new database on `serverUrl`, then drops it. */
export async function withScratchPostgres(serverUrl, use) {
  const name = `wingmate_bench_${randomBytes(4).toString('hex')}`;
  const admin = new Pool({ connectionString: serverUrl, max: 1 });
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  try {
    await use(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  }
}

/**
 * The pid of the postmaster serving `url` when it runs on this machine (the parent of the connection's backend),
 * so a benchmark can count the database's CPU (the postmaster and its children) beside the server's; undefined
 * when the server is elsewhere or /proc is missing.
 */
export async function localPostmasterPid(url) {
  const pool = new Pool({ connectionString: url, max: 1 });
  try {
    const { rows } = await pool.query('SELECT pg_backend_pid() AS pid');
    const stat = readFileSync(`/proc/${rows[0].pid}/stat`, 'utf8');
    // A remote server's backend pid may name some other local process.
    if (!stat.startsWith(`${rows[0].pid} (postgres)`)) return undefined;
    return Number(stat.replace(/^.*\) /, '').split(' ')[1]);
  } catch {
    return undefined;
  } finally {
    await pool.end();
  }
}
