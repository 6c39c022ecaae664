import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/** Phone numbers are US numbers (docs/product.md#validation); parsed with libphonenumber's small metadata. */
const parseUs = (value: string) => parsePhoneNumberFromString(value, 'US');

const usNumber = (value: string) => {
  const parsed = parseUs(value);
  return parsed && parsed.countryCallingCode === '1' && parsed.isPossible() ? parsed : undefined;
};

/** `(213) 373-4253`; the input unchanged when it is no US number (docs/product.md#constants-and-limits). */
export function formatPhoneNumber(value: string): string {
  return usNumber(value)?.formatNational() ?? value;
}

/** `+12133734253`, or null when the input is no US number. */
export function toE164UsNumber(value: string): string | null {
  return usNumber(value)?.number ?? null;
}

/** The product's SMS number in international form: `+1 (213) 373-4253` (docs/product.md#the-user). */
export function formatSystemNumber(value: string): string {
  const parsed = usNumber(value);
  return parsed ? `+1 ${parsed.formatNational()}` : value;
}
