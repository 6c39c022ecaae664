export { buildApp, JSON_BODY_LIMIT, openConfiguredDatabase, type AppDependencies } from './app';
export { ConfigError, loadConfig, testConfig, type Config } from './config';
export { openDatabase, type AppDatabase, type Database, type DatabaseDriver } from './db/database';
export { authenticate, signedInUser, type Authenticated } from './plugins/auth';
export { Problem } from './problem';
export type { AuthServices } from './services/auth-services';
export { describeEachDatabase, startTestApp, type TestApp } from './testing/test-app';
export {
  bearer,
  codeFromOutbox,
  signUpByEmail,
  signUpByPhone,
  testClock,
  uniqueEmail,
  uniqueIp,
  uniquePhoneNumber,
  type TestClock,
} from './testing/sign-in';
export { createScratchDatabase, testDatabaseKinds, type TestDatabaseKind } from './testing/test-database';
