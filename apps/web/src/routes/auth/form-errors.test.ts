import { ApiError } from '@wingmate/core-sdk';
import { formErrorsOf, waitMessage } from './form-errors';

const apiError = (status: number, data: unknown, message = 'message') =>
  new ApiError({ status, message, data });

describe('formErrorsOf: the API’s errors in plain words, next to their fields', () => {
  it.each([
    ['empty', null],
    ['not JSON', '<html>Bad gateway</html>'],
  ])(
    'gives the status sentence for a 5xx whose body is %s (the SDK reads no words from it)',
    (_what, data) => {
      const error = apiError(502, data, 'The server responded with a status of 502');
      expect(formErrorsOf(error, []).form).toBe('The server responded with a status of 502');
    },
  );

  it('puts DRF field errors next to the fields the form has', () => {
    const error = apiError(400, { password: ['This password is too common.'], email: 'Taken.' });
    expect(formErrorsOf(error, ['email', 'password'])).toEqual({
      fields: { password: 'This password is too common.', email: 'Taken.' },
      form: null,
    });
  });

  it('puts the PIN calls’ `error` next to the code field', () => {
    const error = apiError(400, { error: 'Invalid code.' }, 'Invalid code.');
    expect(formErrorsOf(error, ['code'], 'code')).toEqual({ fields: { code: 'Invalid code.' }, form: null });
  });

  it('says an error of a field the form lacks for the whole form, in plainer words when known', () => {
    const error = apiError(
      400,
      { non_field_errors: ['Unable to log in with provided credentials.'] },
      'Unable to log in with provided credentials.',
    );
    expect(formErrorsOf(error, ['email', 'password']).form).toMatch(/^That password is not right/);
  });

  it('turns a lockout’s wait into minutes', () => {
    const error = apiError(429, {}, 'Request was throttled. Expected available in 90 seconds.');
    expect(formErrorsOf(error, []).form).toBe('Too many tries. Please wait 2 minutes and try again.');
    expect(waitMessage('Expected available in 1 second.')).toBe(
      'Too many tries. Please wait 1 second and try again.',
    );
  });

  it('says the server was not reached, and hides what a crash said', () => {
    expect(formErrorsOf(apiError(0, null), []).form).toMatch(/could not reach Wingmate/);
    expect(
      formErrorsOf(apiError(500, { stack: 'TypeError at line 3' }, 'TypeError at line 3'), []).form,
    ).toMatch(/on our side/);
    expect(
      formErrorsOf(
        apiError(
          503,
          { detail: 'We could not send the text message right now.' },
          'We could not send the text message right now.',
        ),
        [],
      ).form,
    ).toBe('We could not send the text message right now.');
  });
});
