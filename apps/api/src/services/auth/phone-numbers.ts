import { parsePhoneNumberFromString } from 'libphonenumber-js';

export const INVALID_PHONE_MESSAGE = 'Enter a valid US phone number.';

/**
 * A typed number as E.164 (`+14155552671`), read as a US number (docs/product.md#validation); undefined when it is not
 * a valid US number (another country's, too short, an unassigned area code).
 */
export function normalizeUsPhoneNumber(input: string): string | undefined {
  const parsed = parsePhoneNumberFromString(input.trim(), 'US');
  if (!parsed || !parsed.isValid() || parsed.country !== 'US') return undefined;
  return parsed.number;
}
