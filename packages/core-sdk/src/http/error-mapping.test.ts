import { AxiosError } from 'axios';
import { failureCases } from './error-mapping.cases';
import { responseError, toApiError } from './error-mapping';

describe('responseError: the generic reading of a failure (docs/product.md#error-catalogue)', () => {
  it.each(failureCases)('$name', ({ status, data, message, code }) => {
    const error = responseError(status, data);
    expect(error.status).toBe(status);
    expect(error.message).toBe(message);
    if (code !== undefined) expect(error.code).toBe(code);
  });

  it('lets an operation read its own field first (docs/product.md#error-catalogue)', () => {
    const error = responseError(
      400,
      { detail: 'x', phone_number: ['Enter a valid phone number.'] },
      (body) => (Array.isArray(body?.phone_number) ? String(body.phone_number[0]) : undefined),
    );
    expect(error.message).toBe('Enter a valid phone number.');
  });
});

describe('toApiError: network failure (docs/product.md#error-catalogue)', () => {
  it('gives status 0 when no response came back', () => {
    const error = toApiError(new AxiosError('connect ECONNREFUSED 127.0.0.1:1', 'ECONNREFUSED'));
    expect(error.status).toBe(0);
    expect(error.code).toBe('ECONNREFUSED');
  });
});
