export { startFakeApple, APPLE_ISSUER, type AppleIdentity, type FakeApple } from './apple-fake';
export { startFakeGoogle, type FakeGoogle, type GoogleAccount } from './google-fake';
export { sendJson, startHttpFake, type FakeHandler, type FakeServer } from './http-fake';
export { startFakeSmtp, type FakeSmtp, type ReceivedMail } from './smtp-fake';
export {
  signTwilioRequest,
  startFakeTwilio,
  type FakeTwilio,
  type TwilioInbound,
  type TwilioSentMessage,
  type TwilioWebhookAnswer,
} from './twilio-fake';
export {
  startFakeGoogleAds,
  startFakeMeta,
  startFakePinterest,
  startFakeSnapchat,
  startFakeTiktok,
  type FakeAdPlatform,
  type FakeGoogleAds,
  type FakeMeta,
  type FakePinterest,
  type FakeSnapchat,
  type FakeTiktok,
  type ReceivedAdEvent,
} from './ad-platform-fakes';
export { startFakeLlm, type FakeLlm, type LlmAnswer, type LlmRequest } from './llm-fake';
export { decodeForm, startFakeStripe, type FakeStripe, type StripeRequest } from './stripe-fake';
export { startFakeS3, type FakeS3 } from './s3-fake';
export { describeReadmeExample } from './readme-example';
