import type { ResponseOf } from '../http/operation';
import type { AccountResource } from '../resources/account';
import { notLoaded, valueLoader, type LoadedValue } from './loaded-value';
import { readSide } from './read-side';
import { createStore, type ReadableStore } from './store';

export type SmsStatus = ResponseOf<'getSmsStatus'>;

/**
 * What the member can do about texting the wingmate (docs/product.md#account-calls): text it now; text
 * START first, their number having texted STOP; or add and verify a US phone number, texts from any other number
 * going unanswered.
 */
export type SmsTexting = 'can_text' | 'opted_out' | 'needs_phone';

export function smsTextingOf(status: SmsStatus): SmsTexting {
  if (status.opted_out) return 'opted_out';
  return status.can_text ? 'can_text' : 'needs_phone';
}

export type SmsStatusState = LoadedValue<SmsStatus>;

export interface SmsStatusStore extends ReadableStore<SmsStatusState> {
  /** Reads the status again (after the phone number changed, say); never rejects. */
  load(): Promise<void>;
}

/** Texting the wingmate (`accounts/sms/`): the number to text, the member's verified phone, whether it opted out. */
export function createSmsStatusStore(source: Pick<AccountResource, 'getSmsStatus'>): SmsStatusStore {
  const store = createStore<SmsStatusState>(notLoaded());
  return { ...readSide(store), load: valueLoader(store, () => source.getSmsStatus()) };
}
