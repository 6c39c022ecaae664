import { ApiError } from '@wingmate/core-sdk';
import { formErrorsOf } from './form-errors';

const apiError = (status: number, data: unknown, message = 'message') =>
  new ApiError({ status, message, data });

// The words themselves are core-sdk's (packages/core-sdk/src/words); this checks where a form shows them.
describe('formErrorsOf: field errors next to their fields, else one sentence for the form', () => {
  it('leaves the form message empty when a field carries the error', () => {
    const error = apiError(400, { password: ['This password is too common.'], email: 'Taken.' });
    expect(formErrorsOf(error, ['email', 'password'])).toEqual({
      fields: { password: 'This password is too common.', email: 'Taken.' },
      form: null,
    });
  });

  it('says an error of a field the form lacks for the whole form', () => {
    const error = apiError(
      400,
      { non_field_errors: ['Unable to log in with provided credentials.'] },
      'Unable to log in with provided credentials.',
    );
    expect(formErrorsOf(error, ['email', 'password'])).toEqual({
      fields: {},
      form: 'That password is not right, or there is no account with these details.',
    });
  });
});
