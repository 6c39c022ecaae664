import { createConfirmationCodeStore, type ConfirmationPurpose } from '@wingmate/core-sdk';
import { useStore } from 'zustand';
import { useScreenStore } from '../../stores/screen-store';
import { displayUsNumber } from './us-number';

export interface ConfirmationCode {
  /** Where the last code went (`(201) 555-0123` or an address); null until one was sent. */
  sentTo: string | null;
  /** Asks for a code (again); rejects with the API's error. */
  send: () => Promise<void>;
}

/** The confirmation code of one sensitive change, for the screen that asks for it. */
export function useConfirmationCode(purpose: ConfirmationPurpose): ConfirmationCode {
  const store = useScreenStore((client) => createConfirmationCodeStore(client.account, purpose));
  const sent = useStore(store, (state) => state.sent);
  const sentTo = sent && (sent.channel === 'sms' ? displayUsNumber(sent.sent_to) : sent.sent_to);
  return { sentTo, send: () => store.send() };
}
