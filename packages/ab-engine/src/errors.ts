/**
 * `EXISTED_ABTEST`: the test already has a value (docs/product.md#error-catalogue). `UNKNOWN_ABTEST`: the name is not
 * a test of the current group, or the value is not one of its variants (the server would answer 400).
 */
export type AbTestErrorCode = 'EXISTED_ABTEST' | 'UNKNOWN_ABTEST';

const brand = Symbol.for('wingmate.ab-engine.error');

/** The one error the engine rejects with. Branded, so `isAbTestError` works across bundles without `instanceof`. */
export class AbTestError extends Error {
  readonly [brand] = true;
  override readonly name = 'AbTestError';

  constructor(
    readonly code: AbTestErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export function isAbTestError(error: unknown, code?: AbTestErrorCode): error is AbTestError {
  const branded =
    typeof error === 'object' && error !== null && (error as Record<symbol, unknown>)[brand] === true;
  return branded && (code === undefined || (error as AbTestError).code === code);
}

export function existedAbTestError(name: string, cause?: unknown): AbTestError {
  return new AbTestError('EXISTED_ABTEST', `A/B test "${name}" already has a value`, { cause });
}

/**
 * Whether a failed create is the server's 409 `{detail, code: 'EXISTED_ABTEST'}`
 * (docs/decisions.md#ab-engine-packagesab-engine). Read by shape, so any adapter's error fits: the code on the error
 * itself (core-sdk's ApiError) or on its response body.
 */
export function isExistedAbTestResponse(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const found = error as {
    status?: unknown;
    code?: unknown;
    data?: { code?: unknown };
    body?: { code?: unknown };
  };
  const code = found.code ?? found.data?.code ?? found.body?.code;
  return code === 'EXISTED_ABTEST' && (found.status === undefined || found.status === 409);
}
