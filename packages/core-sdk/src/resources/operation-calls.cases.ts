import { Readable } from 'node:stream';
import type { operations, StyleProfile } from '@wingmate/api-contract';
import type { WingmateClient } from '../client';

/** Calls the server makes for itself, which the SDK does not offer. */
export const serverSideOperations = ['readyz', 'stripeWebhook', 'receiveTwilioSms'] as const;
type ClientOperationId = Exclude<keyof typeof operations, (typeof serverSideOperations)[number]>;

/** The path parameters the calls below use. */
export const sampleParams = {
  id: 7,
  answerId: 8,
  photoId: 9,
  lineId: 10,
  factId: 11,
  importId: 12,
  uid: 'visitor-1',
};

const image = () => new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' });

const drain = async (events: AsyncIterable<unknown>) => {
  for await (const _event of events);
};

/** One call of each SDK method, keyed by operation id: the table is complete or the types fail. */
export const operationCalls: Record<ClientOperationId, (client: WingmateClient) => Promise<unknown>> = {
  healthz: (c) => c.system.healthz(),

  registerPhone: (c) => c.auth.registerPhone({ phone_number: '+12133734253' }),
  updatePhoneNumber: (c) => c.auth.updatePhoneNumber({ phone_number: '+12133734253' }),
  generatePin: (c) => c.auth.generatePin({ phone_number: '+12133734253' }),
  verifyPin: (c) => c.auth.verifyPin({ phone_number: '+12133734253', code: '123456' }),
  login: (c) => c.auth.login({ phone_number: '+12133734253', password: 'secret-password' }),
  registerEmail: (c) => c.auth.registerEmail({ email: 'ann@example.com' }),
  verifyEmail: (c) => c.auth.verifyEmail({ code: '123456' }),
  resendEmailCode: (c) => c.auth.resendEmailCode(),
  loginEmail: (c) => c.auth.loginEmail({ email: 'ann@example.com', password: 'secret-password' }),
  getAuthUser: (c) => c.auth.getAuthUser(),
  getUserInfo: (c) => c.auth.getUserInfo(),
  resetPasswordPhone: (c) => c.auth.resetPasswordPhone({ phone_number: '+12133734253' }),
  resetPasswordEmail: (c) => c.auth.resetPasswordEmail({ email: 'ann@example.com' }),
  confirmResetPasswordPhone: (c) =>
    c.auth.confirmResetPasswordPhone({
      phone_number: '+12133734253',
      new_password: 'n3w-password',
      code: '123456',
    }),
  confirmResetPasswordEmail: (c) =>
    c.auth.confirmResetPasswordEmail({
      email: 'ann@example.com',
      code: '123456',
      new_password: 'n3w-password',
    }),
  googleSignup: (c) => c.auth.googleSignup({ access_token: 'google-token' }),
  googleLogin: (c) => c.auth.googleLogin({ access_token: 'google-token' }),
  appleLogin: (c) => c.auth.appleLogin({ identity_token: 'apple-token', audience: 'com.wingmate.web' }),
  refreshToken: (c) => c.auth.refreshToken({ refresh: 'refresh-token' }),
  logout: (c) => c.auth.logout({ refresh: 'refresh-token' }),
  logoutAll: (c) => c.auth.logoutAll(),
  changePassword: (c) =>
    c.auth.changePassword({ old_password: 'secret-password', new_password: 'n3w-password' }),
  setPassword: (c) => c.auth.setPassword({ code: '123456', new_password: 'n3w-password' }),

  createUtmParams: (c) =>
    c.analytics.createUtmParams({ ctime: '2025-01-01T00:00:00.000Z', utm_source: 'google' }),
  listUserUtmParams: (c) => c.analytics.listUserUtmParams(),
  createFacebookEvent: (c) => c.analytics.createFacebookEvent(pixelEvent),
  createTiktokEvent: (c) => c.analytics.createTiktokEvent(pixelEvent),
  createSnapchatEvent: (c) =>
    c.analytics.createSnapchatEvent({ ...pixelEvent, event_conversion_type: 'WEB' }),
  createPinterestEvent: (c) => c.analytics.createPinterestEvent(pixelEvent),
  createGoogleAdsConversion: (c) =>
    c.analytics.createGoogleAdsConversion({ event_id: 'e-1', conversion_id: 'c-1', gclid: 'g-1' }),
  listAbtests: (c) => c.analytics.listAbtests({ group: 'visitor' }),
  createAbtest: (c) => c.analytics.createAbtest({ name: 'abtest_homepage', value: 'control' }),

  listPlans: (c) => c.memberships.listPlans(),
  listFreeTrialPlans: (c) => c.memberships.listFreeTrialPlans(),
  listUserPlans: (c) => c.memberships.listUserPlans(),
  createPaymentIntent: (c) => c.memberships.createPaymentIntent({ plan_id: 3 }),
  createDynamicPaymentIntent: (c) => c.memberships.createDynamicPaymentIntent({ amount: 20 }),
  confirmPaymentIntent: (c) => c.memberships.confirmPaymentIntent({ payment_intent_id: 'pi_1' }),
  verifyCard: (c) => c.memberships.verifyCard({ payment_method_id: 'pm_card_visa' }),
  updatePaymentMethod: (c) => c.memberships.updatePaymentMethod({ payment_method_id: 'pm_card_visa' }),
  getPaymentMethod: (c) => c.memberships.getPaymentMethod(),
  listPayments: (c) => c.memberships.listPayments(),
  cancelUserPlan: (c) => c.memberships.cancelUserPlan(sampleParams.id),
  resumeUserPlan: (c) => c.memberships.resumeUserPlan(sampleParams.id),
  updateUserPlan: (c) => c.memberships.updateUserPlan(sampleParams.id, { plan_id: 3 }),
  cancelPlanChange: (c) => c.memberships.cancelPlanChange(sampleParams.id),
  getSpendingCap: (c) => c.memberships.getSpendingCap(),
  setSpendingCap: (c) => c.memberships.setSpendingCap({ monthly_cap: '50.00' }),

  listQuestions: (c) => c.account.listQuestions(),
  listAnswers: (c) => c.account.listAnswers(),
  createAnswers: (c) => c.account.createAnswers({ answers: [{ question: 1, text: 'Hiking' }] }),
  updateAnswers: (c) => c.account.updateAnswers({ answers: [{ id: 1, text: 'Climbing' }] }),
  deleteAnswer: (c) => c.account.deleteAnswer(sampleParams.id),
  listRoasts: (c) => c.account.listRoasts(),
  createRoast: (c) => c.account.createRoast({ text: 'A roast' }),
  updateRoast: (c) => c.account.updateRoast(sampleParams.id, { text: 'A better roast' }),
  generateRoast: (c) => c.account.generateRoast({ intensity: 'brutal' }),
  listOffers: (c) => c.account.listOffers(),
  listQuestionnaires: (c) => c.account.listQuestionnaires(),
  getQuestionnaireAnswers: (c) => c.account.getQuestionnaireAnswers(sampleParams.id),
  createQuestionnaireAnswer: (c) =>
    c.account.createQuestionnaireAnswer(sampleParams.id, { answers: [{ question: 1, text: 'Yes' }] }),
  updateQuestionnaireAnswer: (c) =>
    c.account.updateQuestionnaireAnswer(sampleParams.id, sampleParams.answerId, {
      answers: [{ question: 1, text: 'No' }],
    }),
  listMessages: (c) => c.account.listMessages(),
  markMessageRead: (c) => c.account.markMessageRead(sampleParams.id),
  createFeedback: (c) => c.account.createFeedback({ text: 'Lovely' }),
  confirmUser: (c) => c.account.confirmUser({ purpose: 'delete' }),
  updateUser: (c) => c.account.updateUser({ first_name: 'Ann' }),
  requestEmailChange: (c) => c.account.requestEmailChange({ email: 'new@example.com' }),
  confirmEmailChange: (c) => c.account.confirmEmailChange({ email: 'new@example.com', code: '123456' }),
  getSmsStatus: (c) => c.account.getSmsStatus(),
  exportUser: (c) => c.account.exportUser(),
  deleteUser: (c) => c.account.deleteUser({ password: 'secret-password' }),

  createDatingBio: (c) => c.datingBio.createDatingBio({ text: 'I like long walks' }),
  getDatingBio: (c) => c.datingBio.getDatingBio(),
  uploadDatingBioImage: (c) => c.datingBio.uploadDatingBioImage(image()),
  listDatingBioImages: (c) => c.datingBio.listDatingBioImages(),
  deleteDatingBioImage: (c) => c.datingBio.deleteDatingBioImage(sampleParams.id),
  listImageReviews: (c) => c.datingBio.listImageReviews(),
  createImageReview: (c) => c.datingBio.createImageReview(),
  followUpImageReview: (c) => c.datingBio.followUpImageReview({ response_text: 'Which photo first?' }),
  generateDatingBio: (c) => c.datingBio.generateDatingBio(sampleParams.id, { tone: 'funny' }),
  updateDatingBio: (c) => c.datingBio.updateDatingBio(sampleParams.id, { text: 'Edited' }),
  rewriteDatingBio: (c) =>
    c.datingBio.rewriteDatingBio(sampleParams.id, { response_text: 'Make it funnier' }),

  sendChatMessage: (c) => c.chat.sendChatMessage({ body: 'Hello' }),
  streamChatMessage: (c) => drain(c.chat.streamChatMessage({ body: 'Hello' })),
  sendMobileChatMessage: (c) => c.chat.sendMobileChatMessage({ body: 'Hello', image: image() }),
  getChatHistory: (c) => c.chat.getChatHistory(),
  deleteChatHistory: (c) => c.chat.deleteChatHistory(),

  listMatches: (c) => c.matches.listMatches({ archived: true }),
  createMatch: (c) => c.matches.createMatch({ name: 'Sam' }),
  getMatch: (c) => c.matches.getMatch(sampleParams.id),
  updateMatch: (c) => c.matches.updateMatch(sampleParams.id, { status: 'date_planned' }),
  deleteMatch: (c) => c.matches.deleteMatch(sampleParams.id),
  uploadMatchPhoto: (c) => c.matches.uploadMatchPhoto(sampleParams.id, image()),
  deleteMatchPhoto: (c) => c.matches.deleteMatchPhoto(sampleParams.id, sampleParams.photoId),
  listMatchLines: (c) => c.matches.listMatchLines(sampleParams.id),
  addMatchLines: (c) => c.matches.addMatchLines(sampleParams.id, { lines: [{ side: 'them', text: 'Hi!' }] }),
  updateMatchLine: (c) => c.matches.updateMatchLine(sampleParams.id, sampleParams.lineId, { side: 'me' }),
  deleteMatchLine: (c) => c.matches.deleteMatchLine(sampleParams.id, sampleParams.lineId),
  createMatchMemoryFact: (c) => c.matches.createMatchMemoryFact(sampleParams.id, { text: 'Loves jazz' }),
  updateMatchMemoryFact: (c) =>
    c.matches.updateMatchMemoryFact(sampleParams.id, sampleParams.factId, { pinned: true }),
  deleteMatchMemoryFact: (c) => c.matches.deleteMatchMemoryFact(sampleParams.id, sampleParams.factId),
  getMatchChat: (c) => c.matches.getMatchChat(sampleParams.id, { page: 2 }),
  sendMatchChatMessage: (c) => c.matches.sendMatchChatMessage(sampleParams.id, { body: 'What now?' }),
  suggestMatchReplies: (c) => c.matches.suggestMatchReplies(sampleParams.id),
  createMatchImport: (c) => c.matches.createMatchImport(sampleParams.id),
  getMatchImport: (c) => c.matches.getMatchImport(sampleParams.id, sampleParams.importId),
  uploadMatchScreenshot: (c) =>
    c.matches.uploadMatchScreenshot(sampleParams.id, sampleParams.importId, image()),

  getStyle: (c) => c.style.getStyle(),
  addStyleSamples: (c) => c.style.addStyleSamples({ text: 'hey u up?\nlol same' }),
  updateStyleProfile: (c) => c.style.updateStyleProfile(sampleStyleProfile),
  deleteStyle: (c) => c.style.deleteStyle(),
  markSuggestion: (c) => c.style.markSuggestion(String(sampleParams.id), 'replied'),
  getWhatWorks: (c) => c.style.getWhatWorks(),
};

const sampleStyleProfile: StyleProfile = {
  sample_count: 2,
  length: { words: 3, characters: 12 },
  capitals: { starts_capital: 0, all_lowercase: 1 },
  endings: { period: 0, exclamation: 0, question: 0.5, none: 0.5, double_exclamation: 0, ellipsis: 0 },
  emoji: { rate: 0, favourites: [] },
  slang: [{ word: 'lol', rate: 0.5 }],
  question_rate: 0.5,
  greetings: { rate: 0.5, words: ['hey'] },
  sign_offs: { rate: 0, words: [] },
};

const pixelEvent = {
  event_id: 'e-1',
  event_name: 'Purchase',
  event_time: 1_735_689_600,
  action_source: 'website' as const,
  client_user_agent: 'jest',
  event_source_url: 'https://wingmate.test/pricing',
};

/** A body every call can take: JSON for most, an event stream for the streamed chat. */
export function replyFor(path: string) {
  if (path === '/api/v1/chat/stream/') {
    return { status: 200, data: Readable.from(['event: token\ndata: {"text":"Hi"}\n\n']) };
  }
  return {
    status: 200,
    data: { access: 'new-access', refresh: 'new-refresh', results: [], count: 0, next: null },
  };
}
