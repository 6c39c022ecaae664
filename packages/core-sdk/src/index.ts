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

export { systemClock, type Clock } from './ports/clock';
export { defaultLock, inProcessLock, webLocks, type LockPort, type WebLockManager } from './ports/lock';
export { consoleLogger, silentLogger, type Logger } from './ports/logger';
export { timerSleep, type Sleep } from './ports/sleep';
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
export { fnv1a32 } from './domain/fnv1a';
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

// AUTH: sign-up, sign-in, verification, password reset, social sign-in and the verification gate.
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
  verificationGate,
  type VerificationGateInput,
  type VerificationGateResult,
  type VerificationVariant,
} from './stores/verification-gate';
