import Type, { type Static } from 'typebox';
import {
  Acknowledgement,
  Email,
  Id,
  Nullable,
  Password,
  PersonName,
  PhoneNumber,
  SixDigitCode,
  Timestamp,
  Uid,
} from './common';
import {
  AuthenticationError,
  CodedError,
  DetailError,
  FieldErrors,
  PinOrFieldErrors,
  TokenNotValidError,
} from './errors';
import { defineOperation } from './operation';
import { authRoutes, REFRESH_COOKIE, SESSION_MODE_HEADER } from './auth.routes';

// ---------------------------------------------------------------------------------------------------------------
// Shapes (docs/decisions.md#auth-appsapi)

export const User = Type.Object({
  pk: Id,
  first_name: Type.String(),
  last_name: Type.String(),
  /** E.164, e.g. `+15551234567`; null for accounts made by e-mail or social sign-in. */
  phone_number: Nullable(Type.String()),
  email: Nullable(Type.String()),
  /** The product's SMS number (`SYSTEM_NUMBER`), a US number in E.164. */
  system_number: Type.String(),
  date_joined: Timestamp,
  /**
   * Whether a password is set: sensitive changes then ask for it, else for a code
   * (docs/product.md#accounts-and-signing-in).
   */
  has_password: Type.Boolean(),
  /** When the person accepted the terms (and said they are 18 or older) at sign-up; null for older accounts. */
  terms_accepted_at: Nullable(Timestamp),
});
export type User = Static<typeof User>;

export const UserInfo = Type.Object({
  ...User.properties,
  /** Free messages left plus the active metered plans' (docs/product.md#messages-and-metering). */
  remaining_messages: Type.Integer({ minimum: 0 }),
  has_subscription: Type.Boolean(),
  /** Signed in with a verified phone, a verified e-mail or a social sign-in: picks the A/B group. */
  is_member: Type.Boolean(),
});
export type UserInfo = Static<typeof UserInfo>;

/**
 * `user/info/` of a visitor (no token, by `uid`): its free messages left, and the fields of an account with no
 * plan, empty (docs/decisions.md#calls: `GET /api/v1/user/info/` is optional-auth).
 */
export const VisitorInfo = Type.Object({
  pk: Type.Null(),
  first_name: Type.String(),
  last_name: Type.String(),
  phone_number: Type.Null(),
  email: Type.Null(),
  system_number: Type.String(),
  date_joined: Type.Null(),
  has_password: Type.Literal(false),
  terms_accepted_at: Type.Null(),
  /** The visitor's free messages left (its uid's, and its address's for today, whichever is fewer). */
  remaining_messages: Type.Integer({ minimum: 0 }),
  has_subscription: Type.Literal(false),
  is_member: Type.Literal(false),
});
export type VisitorInfo = Static<typeof VisitorInfo>;

export const UserInfoQuery = Type.Object({
  /** The visitor's uid, sent when no token is held. */
  uid: Type.Optional(Uid),
});
export type UserInfoQuery = Static<typeof UserInfoQuery>;

/**
 * In cookie mode the refresh token is in the HttpOnly cookie and never in the JSON
 * (docs/decisions.md#sessions-in-the-browser).
 */
const refreshInBody = Type.Optional(
  Type.String({
    description:
      'Refresh token, 30 days, rotated on every use; absent in cookie mode (`X-Session-Mode: cookie`), where it ' +
      `is set as the HttpOnly cookie \`${REFRESH_COOKIE}\` on the refresh path instead`,
  }),
);

/** The answer of every sign-in call. */
export const AuthTokens = Type.Object({
  access: Type.String({ description: 'JWT, 15 minutes' }),
  refresh: refreshInBody,
  user: User,
});
export type AuthTokens = Static<typeof AuthTokens>;

/** Sign-in calls that may also create the account say whether they did (for the CompleteRegistration event). */
export const SignInOrUpTokens = Type.Object({
  ...AuthTokens.properties,
  created: Type.Boolean({ description: 'True when this call created the account' }),
});
export type SignInOrUpTokens = Static<typeof SignInOrUpTokens>;

/** The answer of the refresh call: a new pair (the refresh token is rotated; in cookie mode, in the cookie). */
export const TokenPair = Type.Object({ access: Type.String(), refresh: refreshInBody });
export type TokenPair = Static<typeof TokenPair>;

/**
 * `/verify/` of a phone-change PIN: the number is changed, and nobody is signed in
 * (docs/decisions.md#sign-in-and-account-security).
 */
export const PhoneChanged = Type.Object({ user: User });
export type PhoneChanged = Static<typeof PhoneChanged>;

/** A PIN went out to `phone_number` (E.164 as the server normalised it). */
export const PinSent = Type.Object({ detail: Type.String(), phone_number: Type.String() });
export type PinSent = Static<typeof PinSent>;

// ---------------------------------------------------------------------------------------------------------------
// Request bodies

const LoginPassword = Type.String({ minLength: 1, maxLength: 128 });
/** Tokens of outside identity providers; bounded only so that a body cannot be all token. */
const ProviderToken = Type.String({ minLength: 1, maxLength: 8192 });
/**
 * Sent by sign-up forms whose person ticked "I am 18 or older and accept the terms": a new account keeps the time
 * (docs/product.md#accounts-and-signing-in). An existing account signing in is not changed by it.
 */
const TermsAccepted = Type.Optional(
  Type.Boolean({ description: 'True when the person accepted the terms and is 18 or older' }),
);

export const RegisterPhoneBody = Type.Object({
  phone_number: PhoneNumber,
  uid: Type.Optional(Uid),
  first_name: Type.Optional(PersonName),
  last_name: Type.Optional(PersonName),
  terms_accepted: TermsAccepted,
});
export type RegisterPhoneBody = Static<typeof RegisterPhoneBody>;

export const UpdatePhoneNumberBody = Type.Object({
  first_name: Type.Optional(PersonName),
  last_name: Type.Optional(PersonName),
  phone_number: PhoneNumber,
  /** The current password: a phone change needs it (docs/decisions.md#sign-in-and-account-security). */
  password: Type.Optional(LoginPassword),
  /** For an account without a password: the code that `accounts/user/confirm/ {purpose: "phone_change"}` sent. */
  code: Type.Optional(SixDigitCode),
});
export type UpdatePhoneNumberBody = Static<typeof UpdatePhoneNumberBody>;

export const GeneratePinBody = Type.Object({ phone_number: PhoneNumber });
export type GeneratePinBody = Static<typeof GeneratePinBody>;

export const VerifyPinBody = Type.Object({
  uid: Type.Optional(Uid),
  phone_number: PhoneNumber,
  code: SixDigitCode,
});
export type VerifyPinBody = Static<typeof VerifyPinBody>;

/** `uid`: the visitor signing in; its free replies, chats and A/B values join the account, as at sign-up. */
export const LoginBody = Type.Object({
  phone_number: PhoneNumber,
  password: LoginPassword,
  uid: Type.Optional(Uid),
});
export type LoginBody = Static<typeof LoginBody>;

export const RegisterEmailBody = Type.Object({
  email: Email,
  first_name: Type.Optional(PersonName),
  last_name: Type.Optional(PersonName),
  /** Without one the account signs in by reset code or social sign-in. */
  password: Type.Optional(Password),
  uid: Type.Optional(Uid),
  terms_accepted: TermsAccepted,
});
export type RegisterEmailBody = Static<typeof RegisterEmailBody>;

export const VerifyEmailBody = Type.Object({ code: SixDigitCode });
export type VerifyEmailBody = Static<typeof VerifyEmailBody>;

/** `uid` as for the phone's password sign-in. */
export const LoginEmailBody = Type.Object({ email: Email, password: LoginPassword, uid: Type.Optional(Uid) });
export type LoginEmailBody = Static<typeof LoginEmailBody>;

export const ResetPasswordPhoneBody = Type.Object({ phone_number: PhoneNumber });
export type ResetPasswordPhoneBody = Static<typeof ResetPasswordPhoneBody>;

export const ResetPasswordEmailBody = Type.Object({ email: Email });
export type ResetPasswordEmailBody = Static<typeof ResetPasswordEmailBody>;

export const ConfirmResetPasswordPhoneBody = Type.Object({
  phone_number: PhoneNumber,
  new_password: Password,
  /**
   * The PIN sent by the reset call: the proof (a bearer token alone sets no password,
   * docs/decisions.md#sign-in-and-account-security).
   */
  code: Type.Optional(SixDigitCode),
});
export type ConfirmResetPasswordPhoneBody = Static<typeof ConfirmResetPasswordPhoneBody>;

export const ConfirmResetPasswordEmailBody = Type.Object({
  code: SixDigitCode,
  new_password: Password,
  /**
   * The address the code was sent to: wrong codes count against that account (docs/decisions.md#e-mail-reset-codes).
   */
  email: Email,
});
export type ConfirmResetPasswordEmailBody = Static<typeof ConfirmResetPasswordEmailBody>;

export const GoogleAuthBody = Type.Object({
  access_token: ProviderToken,
  uid: Type.Optional(Uid),
  terms_accepted: TermsAccepted,
});
export type GoogleAuthBody = Static<typeof GoogleAuthBody>;

export const AppleAuthBody = Type.Object({
  identity_token: ProviderToken,
  /** The fixed application identifier; the server checks it against its own list, never trusts it. */
  audience: Type.String({ minLength: 1, maxLength: 255 }),
  first_name: Type.Optional(PersonName),
  last_name: Type.Optional(PersonName),
  uid: Type.Optional(Uid),
  terms_accepted: TermsAccepted,
});
export type AppleAuthBody = Static<typeof AppleAuthBody>;

/**
 * How the client keeps its refresh token (docs/decisions.md#sessions-in-the-browser): a browser sends `cookie` on
 * the calls that start, renew or end a session; every other client leaves it out (`body`).
 */
export const SessionModeHeaders = Type.Object({
  [SESSION_MODE_HEADER]: Type.Optional(
    Type.Union([Type.Literal('body'), Type.Literal('cookie')], {
      description:
        `\`cookie\`: the refresh token is kept in the HttpOnly, SameSite=Strict cookie \`${REFRESH_COOKIE}\` on ` +
        '`/auth/token/refresh/` (Secure on https), never in the JSON; `body` (the default): in the JSON',
    }),
  ),
});
export type SessionModeHeaders = Static<typeof SessionModeHeaders>;

/** In cookie mode the body may be left out: the refresh token comes from the cookie. */
export const RefreshTokenBody = Type.Object({ refresh: Type.Optional(ProviderToken) });
export type RefreshTokenBody = Static<typeof RefreshTokenBody>;

/** The refresh token of the session to end; a browser names it by its access token instead. */
export const LogoutBody = Type.Object({ refresh: Type.Optional(ProviderToken) });
export type LogoutBody = Static<typeof LogoutBody>;

export const ChangePasswordBody = Type.Object({
  old_password: LoginPassword,
  /** The password rules of docs/product.md#accounts-and-signing-in; problems come back under `new_password`. */
  new_password: Password,
});
export type ChangePasswordBody = Static<typeof ChangePasswordBody>;

export const SetPasswordBody = Type.Object({
  /** The code that `accounts/user/confirm/ {purpose: "set_password"}` sent: a bearer token alone is not proof. */
  code: SixDigitCode,
  new_password: Password,
});
export type SetPasswordBody = Static<typeof SetPasswordBody>;

// ---------------------------------------------------------------------------------------------------------------
// Operations (docs/product.md#authentication-calls)

export const registerPhone = defineOperation({
  ...authRoutes.registerPhone,
  summary: 'Start a phone sign-up: keeps a pending user and sends a 6-digit PIN to the number',
  body: RegisterPhoneBody,
  responses: { 200: PinSent, 400: FieldErrors, 429: DetailError },
});

export const updatePhoneNumber = defineOperation({
  ...authRoutes.updatePhoneNumber,
  summary:
    'Send a PIN to a new phone number (with the current password, or the code of accounts/user/confirm/); it ' +
    'replaces the old one after /verify/, and the old number or e-mail is told',
  body: UpdatePhoneNumberBody,
  responses: { 200: PinSent, 400: PinOrFieldErrors, 401: AuthenticationError, 429: DetailError },
});

export const generatePin = defineOperation({
  ...authRoutes.generatePin,
  summary:
    'Send a new PIN to a number with a pending sign-up or phone change (at most 1 a minute, 5 an hour)',
  body: GeneratePinBody,
  responses: { 200: PinSent, 400: PinOrFieldErrors, 429: DetailError },
});

export const verifyPin = defineOperation({
  ...authRoutes.verifyPin,
  headers: SessionModeHeaders,
  summary:
    'Check a PIN: signs in (creating the account if new), or completes a phone change and answers `{user}` ' +
    'without tokens',
  body: VerifyPinBody,
  responses: { 200: Type.Union([SignInOrUpTokens, PhoneChanged]), 400: PinOrFieldErrors, 429: DetailError },
});

export const login = defineOperation({
  ...authRoutes.login,
  headers: SessionModeHeaders,
  summary: 'Sign in with phone number and password',
  body: LoginBody,
  responses: { 200: AuthTokens, 400: FieldErrors, 429: DetailError },
});

export const registerEmail = defineOperation({
  ...authRoutes.registerEmail,
  headers: SessionModeHeaders,
  summary: 'Sign up by e-mail (password optional); sends a verification code to the address',
  body: RegisterEmailBody,
  responses: { 201: AuthTokens, 400: FieldErrors, 429: DetailError },
});

export const verifyEmail = defineOperation({
  ...authRoutes.verifyEmail,
  summary: "Verify the signed-in user's e-mail with the code sent to it",
  body: VerifyEmailBody,
  responses: { 200: UserInfo, 400: FieldErrors, 401: AuthenticationError, 429: DetailError },
});

export const resendEmailCode = defineOperation({
  ...authRoutes.resendEmailCode,
  summary:
    "Mail a new code to verify the signed-in user's e-mail (1 a minute, 5 an hour per account); the old code stops working",
  responses: { 200: Acknowledgement, 400: DetailError, 401: AuthenticationError, 429: DetailError },
});

export const loginEmail = defineOperation({
  ...authRoutes.loginEmail,
  headers: SessionModeHeaders,
  summary: 'Sign in with e-mail and password',
  body: LoginEmailBody,
  responses: { 200: AuthTokens, 400: FieldErrors, 429: DetailError },
});

export const getAuthUser = defineOperation({
  ...authRoutes.getAuthUser,
  summary: 'The signed-in user',
  responses: { 200: User, 401: AuthenticationError },
});

export const getUserInfo = defineOperation({
  ...authRoutes.getUserInfo,
  summary:
    "The signed-in user with remaining messages, subscription and membership flags; a visitor's uid gives its " +
    'free messages left',
  query: UserInfoQuery,
  responses: {
    200: Type.Union([UserInfo, VisitorInfo]),
    400: FieldErrors,
    401: AuthenticationError,
    403: DetailError,
  },
});

export const resetPasswordPhone = defineOperation({
  ...authRoutes.resetPasswordPhone,
  summary: 'Send a password-reset PIN to a phone number',
  body: ResetPasswordPhoneBody,
  responses: { 200: Acknowledgement, 400: FieldErrors, 429: DetailError },
});

export const resetPasswordEmail = defineOperation({
  ...authRoutes.resetPasswordEmail,
  summary: 'Send a password-reset code by e-mail (the same answer whether or not the address exists)',
  body: ResetPasswordEmailBody,
  responses: { 200: Acknowledgement, 400: FieldErrors, 429: DetailError },
});

export const confirmResetPasswordPhone = defineOperation({
  ...authRoutes.confirmResetPasswordPhone,
  summary:
    'Set a new password with the reset PIN as code (10 minutes, single use; a bearer token is not proof)',
  body: ConfirmResetPasswordPhoneBody,
  responses: { 200: Acknowledgement, 400: FieldErrors, 429: DetailError },
});

export const confirmResetPasswordEmail = defineOperation({
  ...authRoutes.confirmResetPasswordEmail,
  summary: 'Set a new password with the code sent by e-mail and that address',
  body: ConfirmResetPasswordEmailBody,
  responses: { 200: Acknowledgement, 400: FieldErrors, 429: DetailError },
});

export const googleSignup = defineOperation({
  ...authRoutes.googleSignup,
  headers: SessionModeHeaders,
  summary: 'Sign up (or in) with a Google access token',
  body: GoogleAuthBody,
  responses: { 200: SignInOrUpTokens, 400: FieldErrors, 409: CodedError, 429: DetailError },
});

export const googleLogin = defineOperation({
  ...authRoutes.googleLogin,
  headers: SessionModeHeaders,
  summary: 'Sign in (or up) with a Google access token',
  body: GoogleAuthBody,
  responses: { 200: SignInOrUpTokens, 400: FieldErrors, 409: CodedError, 429: DetailError },
});

export const appleLogin = defineOperation({
  ...authRoutes.appleLogin,
  headers: SessionModeHeaders,
  summary: 'Sign in (or up) with an Apple identity token',
  body: AppleAuthBody,
  responses: { 200: SignInOrUpTokens, 400: FieldErrors, 409: CodedError, 429: DetailError },
});

export const refreshToken = defineOperation({
  ...authRoutes.refreshToken,
  summary:
    'Trade a refresh token for a new pair; the same token again within 10 s answers the same pair, later ' +
    'reuse revokes its whole family',
  description:
    `In cookie mode the refresh token comes from the \`${REFRESH_COOKIE}\` cookie when the body has none, and the ` +
    'new one is set in it. Without a token in either place the answer is 400 `{"refresh": [...]}`.',
  headers: SessionModeHeaders,
  body: RefreshTokenBody,
  responses: { 200: TokenPair, 400: FieldErrors, 401: TokenNotValidError },
});

export const logout = defineOperation({
  ...authRoutes.logout,
  summary:
    'End a session: the one of the refresh token sent, and the one an access token sent as `Authorization: ' +
    'Bearer` names (even expired); succeeds for unknown or spent tokens too',
  description:
    `Its access tokens stop at once. In cookie mode the \`${REFRESH_COOKIE}\` cookie is cleared ` +
    '(Max-Age=0).',
  headers: SessionModeHeaders,
  body: LogoutBody,
  responses: { 200: Acknowledgement, 400: FieldErrors },
});

export const logoutAll = defineOperation({
  ...authRoutes.logoutAll,
  summary:
    'Sign out every session of the user: every refresh token and login link is revoked, and access tokens ' +
    'issued before now stop working',
  description: `In cookie mode the \`${REFRESH_COOKIE}\` cookie is cleared (Max-Age=0).`,
  headers: SessionModeHeaders,
  responses: { 200: Acknowledgement, 401: AuthenticationError },
});

export const changePassword = defineOperation({
  ...authRoutes.changePassword,
  headers: SessionModeHeaders,
  summary:
    'Change the password with the current one; every other session is signed out, and this one goes on with ' +
    'the new pair answered',
  description:
    'A wrong `old_password` is 400 `{"old_password": [...]}` and counts toward the lockout like a wrong sign-in ' +
    '(429 with Retry-After). Accounts without a password use `/auth/password/set/`.',
  body: ChangePasswordBody,
  responses: { 200: AuthTokens, 400: FieldErrors, 401: AuthenticationError, 429: DetailError },
});

export const setPassword = defineOperation({
  ...authRoutes.setPassword,
  summary:
    'Give an account without a password one, with the code of `accounts/user/confirm/ {purpose: ' +
    '"set_password"}`; sessions stay signed in',
  body: SetPasswordBody,
  responses: { 200: User, 400: FieldErrors, 401: AuthenticationError },
});

export const authOperations = {
  registerPhone,
  updatePhoneNumber,
  generatePin,
  verifyPin,
  login,
  registerEmail,
  verifyEmail,
  resendEmailCode,
  loginEmail,
  getAuthUser,
  getUserInfo,
  resetPasswordPhone,
  resetPasswordEmail,
  confirmResetPasswordPhone,
  confirmResetPasswordEmail,
  googleSignup,
  googleLogin,
  appleLogin,
  refreshToken,
  logout,
  logoutAll,
  changePassword,
  setPassword,
};
