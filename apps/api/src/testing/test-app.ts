import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDependencies } from '../app';
import { testConfig, type Config } from '../config';
import { openDatabase } from '../db/database';
import { migratedPgliteTemplate } from './pglite-template';
import { createScratchDatabase, testDatabaseKinds, type TestDatabaseKind } from './test-database';

export interface TestApp {
  readonly app: FastifyInstance;
  readonly kind: TestDatabaseKind;
  close(): Promise<void>;
}

/** The real server on a fresh database (in-memory PGlite, or a scratch database on the Postgres test server). */
export async function startTestApp(
  kind: TestDatabaseKind = 'pglite',
  overrides: Partial<Config> = {},
  dependencies: Omit<AppDependencies, 'database'> = {},
): Promise<TestApp> {
  const scratch = kind === 'postgres' ? await createScratchDatabase() : undefined;
  const config = testConfig({ databaseUrl: scratch?.url, ...overrides });
  const database = scratch
    ? await openDatabase({ databaseUrl: scratch.url })
    : await openDatabase({ pgliteTemplate: await migratedPgliteTemplate() });
  const app = await buildApp(config, { ...dependencies, database });
  await app.ready();
  return {
    app,
    kind,
    close: async () => {
      await app.close();
      await scratch?.drop();
    },
  };
}

/**
 * Runs a suite once per test database (see `testDatabaseKinds`), with a fresh server per suite run.
 * `getApp()` is valid inside tests. `overrides` may be a function, read when each server starts: configuration
 * that names a fake server started in the file's own `beforeAll` (its port is known only then).
 */
export function describeEachDatabase(
  name: string,
  suite: (getApp: () => FastifyInstance, kind: TestDatabaseKind) => void,
  overrides: Partial<Config> | (() => Partial<Config>) = {},
  dependencies: Omit<AppDependencies, 'database'> = {},
): void {
  describeOnDatabases(testDatabaseKinds(), name, suite, overrides, dependencies);
}

/**
 * Runs a suite once, on Postgres where the run has it (CI), else on PGlite (a local run): for suites whose queries
 * are the plain reads and writes of one request (request validation, headers, the API reference, the web app's
 * serving, the sign-in flows, account settings, attribution), where a second database finds nothing the first does
 * not; suites about money, metering, limits, concurrency, workers, chat, matches and images run on both
 * (docs/testing.md#where-the-time-goes).
 */
export function describeOnOneDatabase(
  name: string,
  suite: (getApp: () => FastifyInstance, kind: TestDatabaseKind) => void,
  overrides: Partial<Config> | (() => Partial<Config>) = {},
  dependencies: Omit<AppDependencies, 'database'> = {},
): void {
  describeOnDatabases(testDatabaseKinds().slice(-1), name, suite, overrides, dependencies);
}

function describeOnDatabases(
  kinds: TestDatabaseKind[],
  name: string,
  suite: (getApp: () => FastifyInstance, kind: TestDatabaseKind) => void,
  overrides: Partial<Config> | (() => Partial<Config>),
  dependencies: Omit<AppDependencies, 'database'>,
): void {
  describe.each(kinds)(`${name} [%s]`, (kind) => {
    let testApp: TestApp | undefined;
    beforeAll(async () => {
      const config = typeof overrides === 'function' ? overrides() : overrides;
      testApp = await startTestApp(kind, config, dependencies);
    });
    afterAll(async () => {
      await testApp?.close();
    });
    suite(() => {
      if (!testApp) throw new Error('The test app is not started yet');
      return testApp.app;
    }, kind);
  });
}
