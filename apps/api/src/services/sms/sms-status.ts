import type { SmsStatus } from '@wingmate/api-contract';
import type { AppDatabase } from '../../db/database';
import type { UserRow } from '../../db/schema';
import { normalizeUsPhoneNumber } from '../auth/phone-numbers';
import { isOptedOut } from './opt-outs';

/**
 * Whether the member can text the wingmate (docs/product.md#account-calls): only texts from a verified phone are
 * answered, only US numbers are texted, and a number that texted STOP hears nothing until it texts START.
 */
export async function smsStatus(db: AppDatabase, user: UserRow, systemNumber: string): Promise<SmsStatus> {
  const phone = user.phoneVerifiedAt ? user.phoneNumber : null;
  if (!phone) return { system_number: systemNumber, phone_number: null, can_text: false, opted_out: false };
  const optedOut = await isOptedOut(db, phone);
  return {
    system_number: systemNumber,
    phone_number: phone,
    can_text: normalizeUsPhoneNumber(phone) === phone && !optedOut,
    opted_out: optedOut,
  };
}
