export { buildApp, JSON_BODY_LIMIT, openConfiguredDatabase, type AppDependencies } from './app';
export { ConfigError, loadConfig, testConfig, type Config } from './config';
export { openDatabase, type AppDatabase, type Database, type DatabaseDriver } from './db/database';
export { authenticate, signedInUser, type Authenticated } from './plugins/auth';
export { Problem } from './problem';
export type { AuthServices } from './services/auth-services';
// Kept here until web-e2e's tests import them from '@wingmate/api/testing' (no jest globals in them).
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
