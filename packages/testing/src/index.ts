export { startFakeApple, APPLE_ISSUER, type AppleIdentity, type FakeApple } from './apple-fake';
export { startFakeGoogle, type FakeGoogle, type GoogleAccount } from './google-fake';
export { sendJson, startHttpFake, type FakeHandler, type FakeServer } from './http-fake';
export { startFakeSmtp, type FakeSmtp, type ReceivedMail } from './smtp-fake';
export { startFakeTwilio, type FakeTwilio, type TwilioSentMessage } from './twilio-fake';
