import type { AuthMode, HttpMethod } from './operation';

/**
 * The lead's operation table (briefs/ops.md), typed out by hand: id, method, full path, auth mode
 * (P = public, O = optional, R = required).
 */
const P: AuthMode = 'public';
const O: AuthMode = 'optional';
const R: AuthMode = 'required';

export const leadOperationTable: readonly [id: string, method: HttpMethod, path: string, auth: AuthMode][] = [
  ['healthz', 'GET', '/healthz', P],
  ['readyz', 'GET', '/readyz', P],
  ['registerPhone', 'POST', '/register/', P],
  ['updatePhoneNumber', 'POST', '/phone_number/update/', R],
  ['generatePin', 'POST', '/generate/', P],
  ['verifyPin', 'POST', '/verify/', P],
  ['login', 'POST', '/auth/login/', P],
  ['registerEmail', 'POST', '/register/email/', P],
  ['verifyEmail', 'POST', '/register/email/verify/', R],
  ['resendEmailCode', 'POST', '/register/email/verify/resend/', R],
  ['loginEmail', 'POST', '/register/login/', P],
  ['getAuthUser', 'GET', '/auth/user/', R],
  ['getUserInfo', 'GET', '/api/v1/user/info/', O],
  ['resetPasswordPhone', 'POST', '/auth/reset-password/', P],
  ['resetPasswordEmail', 'POST', '/email/reset-password/', P],
  ['confirmResetPasswordPhone', 'POST', '/auth/reset-password/confirm/', P],
  ['confirmResetPasswordEmail', 'POST', '/email/reset-password/confirm/', P],
  ['googleSignup', 'POST', '/api/auth/google/signup/', P],
  ['googleLogin', 'POST', '/api/auth/google/', P],
  ['appleLogin', 'POST', '/api/auth/apple/', P],
  ['refreshToken', 'POST', '/auth/token/refresh/', P],
  ['logout', 'POST', '/auth/logout/', P],
  ['logoutAll', 'POST', '/auth/logout/all/', R],
  ['changePassword', 'POST', '/auth/password/change/', R],
  ['setPassword', 'POST', '/auth/password/set/', R],
  ['createUtmParams', 'POST', '/api/v1/analytics/utm-params/create/', O],
  ['listUserUtmParams', 'GET', '/api/v1/analytics/utm-params/user/', R],
  ['createFacebookEvent', 'POST', '/api/v1/analytics/facebook-event/create/', O],
  ['createTiktokEvent', 'POST', '/api/v1/analytics/tiktok-event/create/', O],
  ['createSnapchatEvent', 'POST', '/api/v1/analytics/snapchat-event/create/', O],
  ['createPinterestEvent', 'POST', '/api/v1/analytics/pinterest-event/create/', O],
  ['createGoogleAdsConversion', 'POST', '/api/v1/analytics/google-ads/conversion/create/', O],
  ['listAbtests', 'GET', '/api/v1/analytics/abtest/', O],
  ['createAbtest', 'POST', '/api/v1/analytics/abtest/', O],
  ['listPlans', 'GET', '/api/v1/memberships/plans/', O],
  ['listFreeTrialPlans', 'GET', '/api/v1/memberships/plans/freetrial/', O],
  ['listUserPlans', 'GET', '/api/v1/memberships/user_plans/', R],
  ['createPaymentIntent', 'POST', '/api/v1/memberships/user_plans/payment_intent/create/', R],
  ['createDynamicPaymentIntent', 'POST', '/api/v1/memberships/user_plans/payment_intent/dynamic/create/', R],
  ['confirmPaymentIntent', 'POST', '/api/v1/memberships/user_plans/payment_intent/confirm/', R],
  ['verifyCard', 'POST', '/api/v1/memberships/verify-card/', R],
  ['updatePaymentMethod', 'POST', '/api/v1/memberships/user_plans/payment-method/update/', R],
  ['getPaymentMethod', 'GET', '/api/v1/memberships/user_plans/payment-method/', R],
  ['listPayments', 'GET', '/api/v1/memberships/payments/', R],
  ['cancelUserPlan', 'POST', '/api/v1/memberships/user_plans/{id}/cancel/', R],
  ['resumeUserPlan', 'POST', '/api/v1/memberships/user_plans/{id}/resume/', R],
  ['updateUserPlan', 'POST', '/api/v1/memberships/user_plans/{id}/update/', R],
  ['cancelPlanChange', 'POST', '/api/v1/memberships/user_plans/{id}/update/cancel/', R],
  ['getSpendingCap', 'GET', '/api/v1/memberships/spending-cap/', R],
  ['setSpendingCap', 'PUT', '/api/v1/memberships/spending-cap/', R],
  ['stripeWebhook', 'POST', '/api/v1/memberships/webhooks/stripe/', P],
  ['listQuestions', 'GET', '/api/v1/accounts/questions/', R],
  ['listAnswers', 'GET', '/api/v1/accounts/answers/', R],
  ['createAnswers', 'POST', '/api/v1/accounts/answers/', R],
  ['updateAnswers', 'PUT', '/api/v1/accounts/answers/update/', R],
  ['deleteAnswer', 'DELETE', '/api/v1/accounts/answers/{id}/delete/', R],
  ['listRoasts', 'GET', '/api/v1/accounts/roasts/', R],
  ['createRoast', 'POST', '/api/v1/accounts/roasts/', R],
  ['updateRoast', 'PUT', '/api/v1/accounts/roasts/{id}/', R],
  ['generateRoast', 'POST', '/api/v1/accounts/roasts/generate/', R],
  ['getSmsStatus', 'GET', '/api/v1/accounts/sms/', R],
  ['listOffers', 'GET', '/api/v1/offers/', O],
  ['listQuestionnaires', 'GET', '/api/v1/accounts/questionnaires/', O],
  ['getQuestionnaireAnswers', 'GET', '/api/v1/accounts/questionnaires/answers/{id}/', O],
  ['createQuestionnaireAnswer', 'POST', '/api/v1/accounts/questionnaires/{id}/answer/create/', O],
  ['updateQuestionnaireAnswer', 'PUT', '/api/v1/accounts/questionnaires/{id}/answer/{answerId}/update/', O],
  ['listMessages', 'GET', '/api/v1/accounts/messages/', O],
  ['markMessageRead', 'POST', '/api/v1/accounts/messages/{id}/read/', R],
  ['createFeedback', 'POST', '/api/v1/accounts/user/feedback/create/', R],
  ['confirmUser', 'POST', '/api/v1/accounts/user/confirm/', R],
  ['updateUser', 'POST', '/api/v1/accounts/user/update/', R],
  ['requestEmailChange', 'POST', '/api/v1/accounts/user/email/change/', R],
  ['confirmEmailChange', 'POST', '/api/v1/accounts/user/email/change/confirm/', R],
  ['exportUser', 'GET', '/api/v1/accounts/user/export/', R],
  ['deleteUser', 'POST', '/api/v1/accounts/user/delete/', R],
  ['createDatingBio', 'POST', '/api/v1/accounts/dating_bio/', O],
  ['getDatingBio', 'GET', '/api/v1/accounts/dating_bio/{uid}/', O],
  ['uploadDatingBioImage', 'POST', '/api/v1/accounts/dating_bio/{uid}/images/create/', O],
  ['listDatingBioImages', 'GET', '/api/v1/accounts/dating_bio/{uid}/images/', O],
  ['deleteDatingBioImage', 'POST', '/api/v1/accounts/dating_bio/{uid}/image/{id}/delete/', O],
  ['listImageReviews', 'GET', '/api/v1/accounts/dating_bio/{uid}/image_review/', O],
  ['createImageReview', 'GET', '/api/v1/accounts/dating_bio/{uid}/image_review/create/', O],
  ['followUpImageReview', 'POST', '/api/v1/accounts/dating_bio/{uid}/image_review/generate/create/', O],
  ['generateDatingBio', 'POST', '/api/v1/accounts/dating_bio/{uid}/{id}/generate/', O],
  ['updateDatingBio', 'POST', '/api/v1/accounts/dating_bio/{uid}/{id}/update/', O],
  ['rewriteDatingBio', 'POST', '/api/v1/accounts/dating_bio/{uid}/{id}/generate/create/', O],
  ['sendChatMessage', 'POST', '/api/v1/chat/', O],
  ['streamChatMessage', 'POST', '/api/v1/chat/stream/', O],
  ['sendMobileChatMessage', 'POST', '/api/v1/mobile/chat/', O],
  ['getChatHistory', 'GET', '/api/v1/mobile/new_ai_history/', O],
  ['deleteChatHistory', 'POST', '/api/v1/chat/history/delete/', O],
  ['receiveTwilioSms', 'POST', '/webhooks/twilio/sms/', P],
];

/**
 * 402 (docs/decisions.md#memberships-appsapi): card declines where a card is charged or checked, `no_messages` in
 * chat.
 */
export const paymentRequiredIds = [
  'createPaymentIntent',
  'createDynamicPaymentIntent',
  'confirmPaymentIntent',
  'verifyCard',
  'updatePaymentMethod',
  'sendChatMessage',
  'streamChatMessage',
  'sendMobileChatMessage',
  'generateRoast',
];

/**
 * 409: `EXISTED_ABTEST`, `trial_used` (one free trial per account and per card), social e-mail conflicts,
 * `already_replaced` (two regenerates of one chat reply), an `Idempotency-Key` whose first request still runs
 * (chat sends and payment calls), and `payment_in_progress` (an account deleted while one of its charges is
 * under way).
 */
export const conflictIds = [
  'createAbtest',
  'createPaymentIntent',
  'verifyCard',
  'googleSignup',
  'googleLogin',
  'appleLogin',
  'sendChatMessage',
  'streamChatMessage',
  'sendMobileChatMessage',
  'createDynamicPaymentIntent',
  'confirmPaymentIntent',
  'updatePaymentMethod',
  'deleteUser',
  'generateRoast',
];

/**
 * 429 (docs/product.md#limits-that-protect-people): sign-in, PIN, reset and chat calls; AI calls and photo uploads;
 * client conversion posts.
 */
export const rateLimitedIds = [
  'registerPhone',
  'updatePhoneNumber',
  'generatePin',
  'verifyPin',
  'login',
  'registerEmail',
  'verifyEmail',
  'resendEmailCode',
  'loginEmail',
  'resetPasswordPhone',
  'resetPasswordEmail',
  'confirmResetPasswordPhone',
  'confirmResetPasswordEmail',
  'googleSignup',
  'googleLogin',
  'appleLogin',
  'confirmUser',
  'deleteUser',
  'changePassword',
  'requestEmailChange',
  'sendChatMessage',
  'streamChatMessage',
  'sendMobileChatMessage',
  'generateDatingBio',
  'rewriteDatingBio',
  'createImageReview',
  'followUpImageReview',
  'generateRoast',
  'uploadDatingBioImage',
  'createFacebookEvent',
  'createTiktokEvent',
  'createSnapchatEvent',
  'createPinterestEvent',
  'createGoogleAdsConversion',
];

/** 403 `verification_required` (docs/product.md#accounts-and-signing-in): payments need a member. */
export const membersOnlyIds = [
  'createPaymentIntent',
  'createDynamicPaymentIntent',
  'verifyCard',
  'updatePaymentMethod',
];

/** Webhooks that answer 403 to a request their sender did not sign (Twilio's `X-Twilio-Signature`). */
export const signedWebhookIds = ['receiveTwilioSms'];

/** Calls that fail with `{error}` (docs/product.md#error-catalogue: phone update, PIN regenerate and verify). */
export const pinErrorIds = ['updatePhoneNumber', 'generatePin', 'verifyPin'];
