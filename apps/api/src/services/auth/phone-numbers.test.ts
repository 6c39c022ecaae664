import { phoneNumberCases } from './phone-numbers.cases';
import { normalizeUsPhoneNumber } from './phone-numbers';

describe('normalizeUsPhoneNumber (spec 5)', () => {
  it.each(phoneNumberCases)('reads %j as %s', (typed, e164) => {
    expect(normalizeUsPhoneNumber(typed)).toBe(e164);
  });
});
