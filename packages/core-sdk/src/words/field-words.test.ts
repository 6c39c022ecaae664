import { ApiError } from '../errors/api-error';
import { fieldWordsOf } from './field-words';

const apiError = (status: number, data: unknown, message = 'message') =>
  new ApiError({ status, message, data });

describe('fieldWordsOf (docs/product.md#words-for-failures: field errors next to their fields)', () => {
  it('takes the first message of each field', () => {
    const error = apiError(400, {
      password: ['This password is too common.', 'Too short.'],
      email: 'Taken.',
    });
    expect(fieldWordsOf(error)).toEqual({ password: 'This password is too common.', email: 'Taken.' });
  });

  it('keeps only the fields the form shows', () => {
    const error = apiError(400, { password: ['Too short.'], non_field_errors: ['Unable to log in.'] });
    expect(fieldWordsOf(error, { only: ['email', 'password'] })).toEqual({ password: 'Too short.' });
  });

  it('puts the PIN calls’ `error` on the form’s code field', () => {
    const error = apiError(400, { error: 'Invalid code.' }, 'Invalid code.');
    expect(fieldWordsOf(error, { only: ['code'], errorField: 'code' })).toEqual({ code: 'Invalid code.' });
  });

  it('reads a list under `code` as the code field’s words, and a string `code` as the error’s code', () => {
    expect(fieldWordsOf(apiError(400, { code: ['Wrong code.'] }), { only: ['code'] })).toEqual({
      code: 'Wrong code.',
    });
    expect(
      fieldWordsOf(apiError(400, { detail: 'Nope.', code: 'account_exists' }), { only: ['code'] }),
    ).toEqual({});
  });

  it('skips empty messages', () => {
    expect(fieldWordsOf(apiError(400, { name: ['', 'Required.'], email: '' }))).toEqual({
      name: 'Required.',
    });
  });

  it.each([
    ['a throttled answer', apiError(429, { detail: 'Request was throttled.' })],
    ['a 5xx body', apiError(500, { stack: 'TypeError at line 3' })],
    ['an unreached server', apiError(0, null)],
    ['a non-JSON body', apiError(400, '<html>Bad request</html>')],
    ['a list body', apiError(400, ['Bad.'])],
    ['an error that is not the API’s', new Error('x')],
  ])('names no field for %s', (_what, error) => {
    expect(fieldWordsOf(error)).toEqual({});
  });
});
