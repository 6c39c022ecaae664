/**
 * Display of the US numbers the API gives (E.164: docs/product.md#validation), without libphonenumber's metadata: the
 * account page only shows numbers the server has already checked, so their digits are enough. The phone change, where a
 * person types a number, loads libphonenumber with its form. `us-number.test.ts` holds these to core-sdk's formatting.
 */

/** The ten national digits of a US number (`+1 201 555 0123`, `2015550123`), or null. */
function nationalDigits(value: string): string | null {
  const digits = value.replace(/\D/g, '');
  if (digits.length === 10) return digits;
  if (digits.length === 11 && digits.startsWith('1')) return digits.slice(1);
  return null;
}

/** `(201) 555-0123`; the value unchanged when it is no US number. */
export function displayUsNumber(value: string): string {
  const digits = nationalDigits(value);
  return digits ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}` : value;
}

/** The product's SMS number as docs/product.md#the-user shows it: `+1 (213) 373-4253`. */
export function displaySystemNumber(value: string): string {
  const digits = nationalDigits(value);
  return digits ? `+1 ${displayUsNumber(digits)}` : value;
}

/** `+12133734253` for an `sms:` link, or null. */
export function smsAddress(value: string): string | null {
  const digits = nationalDigits(value);
  return digits ? `+1${digits}` : null;
}
