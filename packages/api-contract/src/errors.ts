import Type, { type Static } from 'typebox';

/**
 * Error bodies in Django REST framework's shapes, because the client reads them so (docs/decisions.md#api-server,
 * docs/product.md#error-catalogue).
 */

/** `{"detail": "..."}`: not found, throttled, permission denied, no credentials. */
export const DetailError = Type.Object({ detail: Type.String() });
export type DetailError = Static<typeof DetailError>;

/**
 * `{"detail": "...", "code": "..."}` where the client branches on the code: `EXISTED_ABTEST`, `no_messages`,
 * `card_declined` (or Stripe's decline code), `trial_used`, `token_not_valid`, `account_exists`,
 * `verification_required`, `spending_cap`, `payment_in_progress`, `already_replaced`; of matches `match_limit`,
 * `photo_limit`, `import_full`, `import_not_ready`, `import_confirmed` (docs/product.md#matches).
 */
export const CodedError = Type.Object({ detail: Type.String(), code: Type.String() });
export type CodedError = Static<typeof CodedError>;

/** The codes this API writes in a `CodedError`. Stripe's own decline codes may also appear in `code`. */
export const errorCodes = {
  existedAbtest: 'EXISTED_ABTEST',
  noMessages: 'no_messages',
  cardDeclined: 'card_declined',
  trialUsed: 'trial_used',
  tokenNotValid: 'token_not_valid',
  accountExists: 'account_exists',
  aiUnavailable: 'ai_unavailable',
  aiTimeout: 'ai_timeout',
  verificationRequired: 'verification_required',
  spendingCap: 'spending_cap',
  paymentInProgress: 'payment_in_progress',
  alreadyReplaced: 'already_replaced',
  matchLimit: 'match_limit',
  photoLimit: 'photo_limit',
  importFull: 'import_full',
  importNotReady: 'import_not_ready',
  importConfirmed: 'import_confirmed',
} as const;
export type ErrorCode = (typeof errorCodes)[keyof typeof errorCodes];

/** `{"field": ["message", ...], "non_field_errors": [...]}`: validation failures (400). */
export const FieldErrors = Type.Object(
  { non_field_errors: Type.Optional(Type.Array(Type.String())) },
  {
    additionalProperties: Type.Array(Type.String()),
    description: 'Messages by field name; errors of no one field under non_field_errors',
  },
);
export type FieldErrors = { non_field_errors?: string[] } & { [field: string]: string[] | undefined };

/** `{"error": "..."}`: PIN calls and the phone update fail so (docs/product.md#error-catalogue). */
export const PinError = Type.Object({ error: Type.String() });
export type PinError = Static<typeof PinError>;

/** A bad or expired JWT (or refresh token): 401 with simplejwt's code, which triggers the client's refresh. */
export const TokenNotValidError = Type.Object({
  detail: Type.String(),
  code: Type.Literal('token_not_valid'),
});
export type TokenNotValidError = Static<typeof TokenNotValidError>;

/** Any 401: a bad token (`token_not_valid`) or no credentials ("Authentication credentials were not provided."). */
export const AuthenticationError = Type.Union([TokenNotValidError, DetailError]);
export type AuthenticationError = Static<typeof AuthenticationError>;

/** 400 of the PIN calls: `{error}` for PIN rules, field errors when the body itself is malformed. */
export const PinOrFieldErrors = Type.Union([PinError, FieldErrors]);
export type PinOrFieldErrors = Static<typeof PinOrFieldErrors>;

/** Every error body this API answers is one of these (all JSON, `application/json; charset=utf-8`). */
export const ErrorBody = Type.Union([DetailError, CodedError, FieldErrors, PinError]);
export type ErrorBody = Static<typeof ErrorBody>;
