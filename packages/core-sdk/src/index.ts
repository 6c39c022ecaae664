export { createClient, type ClientConfig, type WingmateClient } from './client';
export { ApiError, isApiError, isVerificationRequired, type ApiErrorInit } from './errors/api-error';
export { errorMessages } from './errors/messages';
export { HTTP_RETRIES, type UploadProgress } from './http/pipeline';
export { REFRESH_LOCK, REFRESH_RELEASE_MS } from './http/token-refresh';
export { emptyPage, collectPages } from './http/pages';
export type { CallOutcome, CallOutcomeListener, CallOutcomes } from './http/call-outcomes';
export { newIdempotencyKey } from './http/idempotency-key';
export type {
  BodyOf,
  CallOptions,
  IntentOptions,
  OperationId,
  ParamsOf,
  QueryOf,
  ResponseOf,
} from './http/operation';
export type { ServerSentEvent } from './http/event-stream';

export { systemClock, type Clock } from '@wingmate/runtime';
export { defaultLock, inProcessLock, webLocks, type LockPort, type WebLockManager } from './ports/lock';
export { consoleLogger, silentLogger, type Logger } from './ports/logger';
export { timerSleep, type Sleep } from '@wingmate/runtime';
export {
  cookieStorage,
  memoryStorage,
  TOKEN_COOKIE_DAYS,
  safeStorage,
  webStorage,
  type CookieOptions,
  type KeyValueStorage,
  type WebStorageArea,
} from './ports/storage';
export { storedVisitorId, VISITOR_ID_KEY, type VisitorId } from './ports/visitor-id';

export {
  STORED_EMAIL_KEY,
  STORED_PHONE_NUMBER_KEY,
  type AuthUser,
  type Session,
  type SessionEnd,
  type SessionState,
  type SignInAnswer,
} from './session/session';
export { ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY, authorizationHeader } from './session/tokens';

export { EMAIL_PATTERN, type AuthResource } from './resources/auth';
export type { AnalyticsResource } from './resources/analytics';
export type { MembershipsResource, CardAmount } from './resources/memberships';
export type { AccountResource } from './resources/account';
export type { SystemResource } from './resources/system';
export type { DatingBioResource } from './resources/dating-bio';
export type { MatchesResource, UploadOptions } from './resources/matches';
export type { StyleResource, StyleSamples } from './resources/style';
export {
  CHAT_HISTORY_DEFAULT_PAGE,
  MOBILE_CHAT_TIMEOUT_MS,
  type ChatResource,
  type MobileChatMessage,
} from './resources/chat';

export {
  derivePlan,
  formatAmount,
  groupPlansByType,
  isPlanDisabled,
  periodPrice,
  periodUnit,
  planTags,
  sortPlans,
  type DerivedPlan,
  type DerivedPlanFields,
  type PeriodUnit,
  type PlanFields,
  type PlanList,
} from './domain/plans';
export {
  currentUserPlan,
  isActivePlan,
  isCancelled,
  markCancelled,
  nextVisibleChangeAt,
  PENDING_PLAN_UPDATE_WINDOW_MS,
  PENDING_PLAN_VISIBLE_MS,
  planMessagesLeft,
  visibleUserPlans,
  type UserPlanFields,
} from './domain/user-plans';
export { messagesLeftToShow } from './domain/messages-left';
export { formatPhoneNumber, formatSystemNumber, toE164UsNumber } from './domain/phone';
export { fnv1a32 } from '@wingmate/runtime';
export { DEFAULT_DATE_LOCALE, formatDate } from './domain/dates';
export { dateTimeFormat, numberFormat } from './domain/intl-formatters';

export { createStore, type ReadableStore, type Store } from './stores/store';
export {
  createPlanStore,
  type ListState,
  type ListStatus,
  type PlanSource,
  type PlanStore,
  type PlanStoreState,
} from './stores/plan-store';
export { PLAN_FETCH_FIRST_RETRY_MS, PLAN_FETCH_MAX_TRIES } from './stores/shared-load';

// Words for failures: the one catalogue of what a person reads when a call fails.
export { tooManyTriesWords, unreachableWords, waitSecondsOf, wordsFor, type Flow } from './words/error-words';
export { fieldWordsOf, type FieldWordsOptions } from './words/field-words';
export {
  roastIntensityChoices,
  roastIntensityWords,
  type RoastIntensityWords,
} from './words/roast-intensity-words';

// Chat: the conversation of the chat screen (history, streamed send, Stop, retry, regenerate, photos, paywall), and
// what the device remembers of it (the draft, the reply helper's choice).
export {
  canRegenerate,
  createChatStore,
  type ChatHistoryMessage,
  type ChatMessage,
  type ChatMode,
  type ChatSource,
  type ChatState,
  type ChatStore,
  type ChatStorePorts,
  type ChatTone,
  type PendingSend,
  type ReplyHelperChoice,
} from './stores/chat-store';
export { canRetry, chatFailureOf, type ChatFailure } from './stores/chat-failure';
export { CHAT_DRAFT_KEY, REPLY_HELPER_KEY } from './stores/chat-device-keys';
export {
  createReplyHelperStore,
  storedChatDraft,
  type ChatDraft,
  type ReplyHelperState,
  type ReplyHelperStore,
} from './stores/chat-device-memory';
export {
  chatModeChoices,
  chatModeWords,
  chatToneChoices,
  replyHelperNoChoiceWords,
  type ReplyHelperChoiceWords,
} from './words/reply-helper-words';
export {
  PHOTO_MAX_BYTES,
  PHOTO_TYPES,
  photoProblemOf,
  photoProblemText,
  type ChatPhoto,
  type PhotoProblem,
} from './domain/chat-photo';
// Memberships: checkout and top-up (the pricing screens' payments and offers).
export { CardActionError, type CardEntryPort } from './stores/card-entry-port';
export {
  CARD_CHECK_AMOUNT,
  PaymentNotCompleted,
  type DynamicPaymentIntent,
  type PaymentCalls,
  type PaymentConfirmation,
  type PaymentIntent,
} from './stores/payment-attempt';
export type {
  CardPaymentOptions,
  CardPaymentSource,
  CardPaymentState,
  CardPaymentStore,
  PaymentState,
  PayOptions,
  SavedCard,
} from './stores/card-payment-store';
export {
  createCheckoutStore,
  type CheckoutSource,
  type CheckoutStore,
  type PlanPaid,
  type PlanPurchase,
} from './stores/checkout-store';
export {
  cheapestMessageRate,
  createTopUpStore,
  messagesFor,
  TOP_UP_MAX,
  TOP_UP_MIN,
  topUpAmountProblem,
  type MessageRate,
  type TopUpAmountProblem,
  type TopUpPurchase,
  type TopUpSource,
  type TopUpStore,
} from './stores/top-up-store';
export {
  createOffersStore,
  currentOffers,
  offerFor,
  type Offer,
  type OffersState,
  type OffersStore,
} from './stores/offers-store';
// Memberships: the account's billing flows (plan actions, card on file, spending cap, billing history).
export type { PackUsage } from './stores/plan-store';
export type { LoadedValue } from './stores/loaded-value';
export {
  createUserPlanActionsStore,
  type ChangeableUserPlan,
  type UserPlanAction,
  type UserPlanActionState,
  type UserPlanActionsState,
  type UserPlanActionsStore,
} from './stores/user-plan-actions-store';
export {
  createPaymentMethodStore,
  type CardCollector,
  type PaymentMethodState,
  type PaymentMethodStore,
} from './stores/payment-method-store';
export {
  createSpendingCapStore,
  isValidSpendingCap,
  MAX_SPENDING_CAP_USD,
  type SpendingCapState,
  type SpendingCapStore,
} from './stores/spending-cap-store';
export {
  createBillingHistoryStore,
  receiptNote,
  type BillingHistoryState,
  type BillingHistoryStore,
  type ReceiptNote,
} from './stores/billing-history-store';
// Dating bio, photos, profile and questionnaires, roasts, feedback.
export { BIO_LIMITS, characterCount, fitAgainstLimits, type LimitFit } from './domain/bio-limits';
export {
  BEST_KEPT,
  DROP_BELOW_SCORE,
  rankPhotos,
  reviewsCurrentPhotos,
  scoreOutOfTen,
  type DropReason,
  type RankedPhoto,
} from './domain/photo-ranking';
export { MAX_PHOTO_BYTES, MAX_PHOTOS, TOO_MANY_PHOTOS, tooLarge } from './domain/photo-limits';
export {
  STARTER_QUESTIONS,
  starterDraft,
  type StarterAnswers,
  type StarterKey,
} from './domain/starter-questions';
export {
  createBioStore,
  GENERATED_TONES,
  type BioAction,
  type BioSource,
  type BioState,
  type BioStore,
} from './stores/bio-store';
export {
  createPhotosStore,
  type PhotosSource,
  type PhotosState,
  type PhotosStore,
} from './stores/photos-store';
export {
  createPhotoUploadsStore,
  type PhotoFile,
  type PhotoPreviews,
  type PhotoUpload,
  type PhotoUploadFailure,
  type PhotoUploadsState,
  type PhotoUploadsStore,
} from './stores/photo-uploads-store';
export {
  createProfileStore,
  type AnswerAction,
  type ProfileState,
  type ProfileStore,
} from './stores/profile-store';
export {
  createQuestionnaireStore,
  questionnaireAnswers,
  type QuestionnaireState,
  type QuestionnaireStore,
} from './stores/questionnaire-store';
export { createRoastsStore, type RoastsState, type RoastsStore } from './stores/roasts-store';
export { createFeedbackStore, type FeedbackState, type FeedbackStore } from './stores/feedback-store';
// Account, user info and notices.
export {
  createUserInfoStore,
  type UserInfo,
  type UserInfoSource,
  type UserInfoState,
} from './stores/user-info-store';
export {
  createNoticesStore,
  type Notice,
  type NoticesSource,
  type NoticesState,
  type NoticesStore,
} from './stores/notices-store';
export { type SubmissionState, type SubmissionStatus } from './stores/form-submission';
export {
  createProfileNamesStore,
  type ProfileNamesState,
  type ProfileNamesStore,
} from './stores/profile-names-store';
export { createPasswordStore, type PasswordSource, type PasswordStore } from './stores/password-store';
export {
  createConfirmationCodeStore,
  type ConfirmationCodeState,
  type ConfirmationCodeStore,
  type ConfirmationPurpose,
} from './stores/confirmation-code-store';
export {
  createCodeResendStore,
  type CodeResendState,
  type CodeResendStore,
} from './stores/code-resend-store';
export {
  createEmailChangeStore,
  type EmailChangeProof,
  type EmailChangeState,
  type EmailChangeStore,
} from './stores/email-change-store';
export {
  createPhoneChangeStore,
  type PhoneChangeProof,
  type PhoneChangeSource,
  type PhoneChangeState,
  type PhoneChangeStore,
} from './stores/phone-change-store';
export {
  createAccountDataStore,
  type AccountDataState,
  type AccountDataStore,
  type AccountExport,
} from './stores/account-data-store';
export { createAccountDeletionStore, type AccountDeletionStore } from './stores/account-deletion-store';
export {
  createSmsStatusStore,
  smsTextingOf,
  type SmsStatus,
  type SmsStatusState,
  type SmsStatusStore,
  type SmsTexting,
} from './stores/sms-status-store';
export {
  createSessionsStore,
  type SessionsSource,
  type SessionsState,
  type SessionsStore,
} from './stores/sessions-store';
// Auth: sign-up, sign-in, verification, password reset, social sign-in and the verification gate.
export {
  CODE_LENGTH,
  MIN_PASSWORD_LENGTH,
  RESEND_CODE_AFTER_SECONDS,
  type AuthFormState,
  type CallFailure,
  type InputProblem,
  type InputProblems,
} from './stores/auth-input';
export {
  createCountdown,
  intervalRepeat,
  type Countdown,
  type CountdownPorts,
  type CountdownState,
  type Repeat,
} from './stores/countdown';
export type { CodeStepActions, CodeStepState } from './stores/code-step';
export {
  createSignUpStore,
  withTermsAccepted,
  type SignUpInput,
  type SignUpOutcome,
  type SignUpStore,
} from './stores/sign-up-store';
export { createLogInStore, type LogInInput, type LogInOutcome, type LogInStore } from './stores/log-in-store';
export {
  createVerificationStore,
  type VerificationOutcome,
  type VerificationStore,
} from './stores/verification-store';
export {
  createResetPasswordStore,
  type NewPasswordOutcome,
  type ResetAccount,
  type ResetCodeOutcome,
  type ResetCodeRequest,
  type ResetPasswordState,
  type ResetPasswordStore,
} from './stores/reset-password-store';
export {
  SocialSignInCancelled,
  SocialSignInFailed,
  type AppleIdentity,
  type SocialProvider,
  type SocialProviders,
} from './stores/social-provider';
export {
  createSocialSignInStore,
  type SocialSignInState,
  type SocialSignInStore,
} from './stores/social-sign-in-store';
export {
  paywallAtNoMessages,
  verificationGate,
  type NoMessagesInput,
  type NoMessagesPaywall,
  type VerificationGateInput,
  type VerificationGateResult,
  type VerificationVariant,
} from './stores/verification-gate';
// Matches: the list, one match (transcript, memory, coaching chat, "What do I answer?") and screenshot imports.
export { MATCH_LIMITS, SCREENSHOT_MAX_BYTES, SCREENSHOT_TYPES } from './domain/match-limits';
export {
  factProblem,
  importAnnouncement,
  lineProblem,
  matchFieldProblems,
  matchStatusWords,
  memoryUsedWords,
  NO_LINES_TO_ADD,
  screenshotProblemOf,
  screenshotProblemText,
  screenshotStatusWords,
  TOO_MANY_MATCH_PHOTOS,
  TOO_MANY_SCREENSHOTS,
  type ImportProgress,
  type MatchFieldProblems,
  type MatchFields,
  type ScreenshotProblem,
} from './words/match-words';
export {
  createMatchesStore,
  type MatchesSource,
  type MatchesState,
  type MatchesStore,
  type MatchesView,
  type NewMatch,
} from './stores/matches-store';
export {
  createMatchStore,
  type MatchSource,
  type MatchState,
  type MatchStore,
  type MatchStorePorts,
} from './stores/match-store';
export {
  createScreenshotImportStore,
  IMPORT_POLL_MS,
  type ScreenshotFile,
  type ScreenshotImportPorts,
  type ScreenshotImportSource,
  type ScreenshotImportState,
  type ScreenshotImportStore,
  type ScreenshotUpload,
} from './stores/screenshot-import-store';
// Sounds like me and what works for you: the texting style, the marks of suggestions and the tones that work.
export { STYLE_LIMITS } from './domain/style-limits';
export {
  STYLE_LIST_FIELDS,
  STYLE_SHARE_FIELDS,
  styleDraftOf,
  styleEntriesOf,
  styleProfileOfDraft,
  type StyleDraft,
  type StyleDraftProblems,
  type StyleListKey,
  type StyleShareKey,
} from './domain/style-draft';
export { styleLinkIndex } from './domain/style-link';
export {
  DATE_PLANNED_ONLY_IN_A_MATCH,
  markedWords,
  pastedTextProblem,
  soundsLikeYouWords,
  styleChangeWords,
  styleProfileProblem,
  styleSourceWords,
  suggestionActionName,
  suggestionOrdinals,
  suggestionCopiedWords,
  suggestionKindWords,
  suggestionOutcomeWords,
  toneOutcomeWords,
  toneWords,
  WHAT_WORKS_EMPTY,
  whatWorksCard,
  type SuggestionAction,
  type WhatWorksSection,
} from './words/style-words';
export {
  createStyleStore,
  type StyleChange,
  type StyleSource,
  type StyleState,
  type StyleStore,
} from './stores/style-store';
export {
  createSuggestionOutcomesStore,
  outcomeChoices,
  type SuggestionMark,
  type SuggestionOutcomesOptions,
  type SuggestionOutcomesSource,
  type SuggestionOutcomesState,
  type SuggestionOutcomesStore,
} from './stores/suggestion-outcomes-store';
