import { ApiError, isApiError, isVerificationRequired } from './api-error';
import type * as ApiErrorModule from './api-error';

describe('ApiError (docs/product.md#error-catalogue: one error shape)', () => {
  it('carries status, message, code and data', () => {
    const error = new ApiError({
      status: 409,
      message: 'Exists',
      code: 'EXISTED_ABTEST',
      data: { detail: 'Exists' },
    });
    expect(error).toMatchObject({
      status: 409,
      message: 'Exists',
      code: 'EXISTED_ABTEST',
      data: { detail: 'Exists' },
    });
    expect(error).toBeInstanceOf(Error);
  });

  it('is recognised by isApiError without instanceof, across copies of the module', () => {
    let OtherApiError: typeof ApiError | undefined;
    jest.isolateModules(() => {
      OtherApiError = jest.requireActual<typeof ApiErrorModule>('./api-error').ApiError;
    });
    const foreign = new OtherApiError!({ status: 500, message: 'x' });
    expect(foreign instanceof ApiError).toBe(false);
    expect(isApiError(foreign)).toBe(true);
  });

  it('tells a payment refused until the account is verified (403 verification_required) from other refusals', () => {
    const refused = (status: number, code: string) => new ApiError({ status, message: 'x', code });
    expect(isVerificationRequired(refused(403, 'verification_required'))).toBe(true);
    expect(isVerificationRequired(refused(403, 'other'))).toBe(false);
    expect(isVerificationRequired(refused(402, 'verification_required'))).toBe(false);
    expect(isVerificationRequired(new Error('verification_required'))).toBe(false);
  });

  it('is not fooled by other errors or values', () => {
    expect(isApiError(new Error('x'))).toBe(false);
    expect(isApiError({ status: 400, message: 'x' })).toBe(false);
    expect(isApiError(null)).toBe(false);
  });
});
