import { loadPhoneFormat } from '../../ui/usePhoneFormat';

/**
 * The typed number in E.164 (`+12015550123`), or null when it is no US number. Checked with libphonenumber
 * (core-sdk's `toE164UsNumber`); should that fail to load, ten digits go to the API as they are, and the API,
 * which checks every number itself, answers a field error if they are no number.
 */
export async function usPhoneNumber(typed: string): Promise<string | null> {
  try {
    return (await loadPhoneFormat()).toE164UsNumber(typed);
  } catch {
    const digits = typed.replace(/\D/g, '');
    const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
    return national.length === 10 ? `+1${national}` : null;
  }
}
