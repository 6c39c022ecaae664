import { phoneCases } from './phone.cases';
import { formatPhoneNumber, formatSystemNumber, toE164UsNumber } from './phone';

describe('formatPhoneNumber: US numbers shown as (xxx) xxx-xxxx (docs/product.md#constants-and-limits)', () => {
  it.each(phoneCases)('"$typed" is shown as "$display"', ({ typed, display }) => {
    expect(formatPhoneNumber(typed)).toBe(display);
  });
});

describe('toE164UsNumber: numbers are US numbers with +1 (docs/product.md#validation)', () => {
  it.each(phoneCases)('"$typed" is sent as $e164', ({ typed, e164 }) => {
    expect(toE164UsNumber(typed)).toBe(e164);
  });
});

describe('formatSystemNumber: international form with +1 (docs/product.md#the-user)', () => {
  it.each(phoneCases)('"$typed" is shown as "$system"', ({ typed, system }) => {
    expect(formatSystemNumber(typed)).toBe(system);
  });
});
