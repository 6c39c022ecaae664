const brand = Symbol.for('wingmate.ApiError');

export interface ApiErrorInit {
  status: number;
  message: string;
  code?: string | null;
  data?: unknown;
}

/**
 * The one error every call of the SDK rejects with (docs/product.md#error-catalogue). `status` 0 means the server
 * was not reached. Branded, so `isApiError` works across bundles and realms where `instanceof` does not.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | null;
  readonly data: unknown;
  readonly [brand] = true;

  constructor({ status, message, code = null, data = null }: ApiErrorInit) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.data = data;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[brand] === true;
}

/**
 * A payment refused because the account is not a member yet (403 `verification_required`, the contract's
 * `errorCodes.verificationRequired`): the client asks for the e-mailed code, then lets the person pay
 * (docs/product.md#accounts-and-signing-in).
 */
export function isVerificationRequired(error: unknown): boolean {
  return isApiError(error) && error.status === 403 && error.code === 'verification_required';
}
