/** @jest-environment node */
import { formatPhoneNumber, formatSystemNumber, toE164UsNumber } from '@wingmate/core-sdk';
import { displaySystemNumber, displayUsNumber, smsAddress } from './us-number';

// The numbers the API gives (E.164) and the configured SMS number as people write it.
const numbers = ['+12015550123', '+12133734253', '2025550147', '1 (202) 555-0147', '+1 646 555 0199'];

describe('US numbers on the account page read as core-sdk formats them (docs/product.md#the-user; docs/product.md#constants-and-limits)', () => {
  it.each(numbers)('%s', (value) => {
    expect(displayUsNumber(value)).toBe(formatPhoneNumber(value));
    expect(displaySystemNumber(value)).toBe(formatSystemNumber(value));
    expect(smsAddress(value)).toBe(toE164UsNumber(value));
  });

  it('leaves what is no US number as it is', () => {
    expect(displayUsNumber('12345')).toBe('12345');
    expect(displaySystemNumber('+44 20 7946 0958')).toBe('+44 20 7946 0958');
    expect(smsAddress('12345')).toBeNull();
  });
});
