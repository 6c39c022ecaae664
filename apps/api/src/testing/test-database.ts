import { randomBytes } from 'node:crypto';
import { Pool } from 'pg';

export type TestDatabaseKind = 'pglite' | 'postgres';

/**
 * The databases the API suites run on: PGlite always; a real Postgres server too when `TEST_DATABASE_URL` is set.
 * On CI (`CI=true`) the Postgres run is required: a missing server fails the suite instead of skipping it.
 */
export function testDatabaseKinds(env: NodeJS.ProcessEnv = process.env): TestDatabaseKind[] {
  if (env.TEST_DATABASE_URL) return ['pglite', 'postgres'];
  if (env.CI === 'true') {
    throw new Error(
      'CI=true but TEST_DATABASE_URL is not set: the Postgres suites must run on CI (see .ci/run).',
    );
  }
  return ['pglite'];
}

export interface ScratchDatabase {
  readonly url: string;
  drop(): Promise<void>;
}

/** A new empty database on the test server, so suites running in parallel never share tables. */
export async function createScratchDatabase(serverUrl = requiredServerUrl()): Promise<ScratchDatabase> {
  const name = `wingmate_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new Pool({ connectionString: serverUrl, max: 1 });
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const dropper = new Pool({ connectionString: serverUrl, max: 1 });
      try {
        await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await dropper.end();
      }
    },
  };
}

function requiredServerUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  return url;
}
