import { phoneNumberCases } from './phone-numbers.cases';
import { normalizeUsPhoneNumber } from './phone-numbers';

describe('normalizeUsPhoneNumber (docs/product.md#validation)', () => {
  it.each(phoneNumberCases)('reads %j as %s', (typed, e164) => {
    expect(normalizeUsPhoneNumber(typed)).toBe(e164);
  });
});
