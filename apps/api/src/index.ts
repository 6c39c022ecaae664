export { buildApp, JSON_BODY_LIMIT, openConfiguredDatabase, type AppDependencies } from './app';
export { ConfigError, loadConfig, testConfig, type Config } from './config';
export { openDatabase, type AppDatabase, type Database, type DatabaseDriver } from './db/database';
export { Problem } from './problem';
export { describeEachDatabase, startTestApp, type TestApp } from './testing/test-app';
export { createScratchDatabase, testDatabaseKinds, type TestDatabaseKind } from './testing/test-database';
