export { buildApp, JSON_BODY_LIMIT, openConfiguredDatabase, type AppDependencies } from './app';
export { ConfigError, loadConfig, testConfig, type Config } from './config';
export { openDatabase, type AppDatabase, type Database, type DatabaseDriver } from './db/database';
export { authenticate, signedInUser, type Authenticated } from './plugins/auth';
export { Problem } from './problem';
export type { AuthServices } from './plugins/app/auth';
