import { AbTestError, existedAbTestError, isAbTestError, isExistedAbTestResponse } from './errors';

describe('A/B errors (docs/product.md#error-catalogue: EXISTED_ABTEST)', () => {
  it('recognises its errors by brand and code', () => {
    const error = existedAbTestError('abtest_homepage');
    expect(isAbTestError(error)).toBe(true);
    expect(isAbTestError(error, 'EXISTED_ABTEST')).toBe(true);
    expect(isAbTestError(error, 'UNKNOWN_ABTEST')).toBe(false);
    expect(isAbTestError(Object.assign(new Error('x'), { code: 'EXISTED_ABTEST' }))).toBe(false);
    expect(error).toBeInstanceOf(AbTestError);
    expect(error.message).toBe('A/B test "abtest_homepage" already has a value');
  });

  it.each([
    ['an ApiError-like 409 with the code', { status: 409, code: 'EXISTED_ABTEST', detail: 'exists' }, true],
    [
      'a 409 whose body carries the code',
      { status: 409, data: { detail: 'exists', code: 'EXISTED_ABTEST' } },
      true,
    ],
    ['a 409 with the code under body', { status: 409, body: { code: 'EXISTED_ABTEST' } }, true],
    ['a 409 with another code', { status: 409, code: 'trial_used' }, false],
    ['a 500 that names the code', { status: 500, code: 'EXISTED_ABTEST' }, false],
    ['a network failure', new Error('Network Error'), false],
    ['nothing', undefined, false],
  ])('maps %s', (_label, error, expected) => {
    expect(isExistedAbTestResponse(error)).toBe(expected);
  });
});
