// A throwaway database on a Postgres server for one benchmark run, dropped afterwards (the API suites do the same).
import { randomBytes } from 'node:crypto';
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
