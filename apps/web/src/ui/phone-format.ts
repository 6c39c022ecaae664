import { AsYouType } from 'libphonenumber-js/min';

export { formatPhoneNumber, toE164UsNumber } from '@wingmate/core-sdk';

const digitsOf = (text: string) => text.replace(/\D/g, '');

/** A US number as typed so far, formatted the way people write it: `(201) 555-0123`. */
export function formatUsPhoneAsTyped(text: string): string {
  const digits = digitsOf(text);
  // A leading +1 or 1 is the country code; the rest is the national number (docs/product.md#validation: US numbers).
  const national = digits.length > 10 && digits.startsWith('1') ? digits.slice(1) : digits;
  if (national.length === 0) return '';
  return new AsYouType('US').input(national.slice(0, 10));
}

/**
 * The next value of a phone field after an edit. Deleting only a formatting character (the `)` of `(201)`) would
 * put it straight back, so that edit removes the last digit instead: backspace always does something.
 */
export function nextPhoneValue(previous: string, typed: string): string {
  const deletedFormatting = typed.length < previous.length && digitsOf(typed) === digitsOf(previous);
  const digits = deletedFormatting ? digitsOf(typed).slice(0, -1) : digitsOf(typed);
  return formatUsPhoneAsTyped(digits);
}
