/**
 * `@wingmate/api/testing`: the helpers of tests that run the real API (the API's own suites and web-e2e), kept
 * out of the production entry point, since `describeEachDatabase` needs jest's globals.
 */
export { testConfig } from '../config';
export { describeEachDatabase, startTestApp, type TestApp } from './test-app';
export {
  bearer,
  codeFromOutbox,
  expiredAccessToken,
  signUpByEmail,
  signUpByPhone,
  signUpMemberByEmail,
  testClock,
  uniqueEmail,
  uniqueIp,
  uniquePhoneNumber,
  type BodyModeTokens,
  type TestClock,
} from './sign-in';
export { addOffer } from './memberships';
export { goodPhoto } from './test-photos';
export { pausedStreamModel, type PausedStreamModel } from './paused-stream-model';
export { seedConversation } from './seed-conversation';
export { optOutOfSms } from './sms';
export { createScratchDatabase, testDatabaseKinds, type TestDatabaseKind } from './test-database';
export { drawChatScreenshot, type DrawnLine } from './chat-screenshots';
