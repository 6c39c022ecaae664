import { ApiError, isApiError } from './api-error';
import type * as ApiErrorModule from './api-error';

describe('ApiError (spec 8: one error shape)', () => {
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
      OtherApiError = (jest.requireActual('./api-error') as typeof ApiErrorModule).ApiError;
    });
    const foreign = new OtherApiError!({ status: 500, message: 'x' });
    expect(foreign instanceof ApiError).toBe(false);
    expect(isApiError(foreign)).toBe(true);
  });

  it('is not fooled by other errors or values', () => {
    expect(isApiError(new Error('x'))).toBe(false);
    expect(isApiError({ status: 400, message: 'x' })).toBe(false);
    expect(isApiError(null)).toBe(false);
  });
});
