import type { BodyOf } from '@wingmate/core-sdk';
import { useCallback, useState } from 'react';
import { useClient } from '../../stores/services';
import { displayUsNumber } from './us-number';

export type ConfirmationPurpose = BodyOf<'confirmUser'>['purpose'];

export interface ConfirmationCode {
  /** Where the last code went (`(201) 555-0123` or an address); null until one was sent. */
  sentTo: string | null;
  /** Asks for a code (again); rejects with the API's error. */
  send(): Promise<void>;
}

/**
 * The code for a sensitive change of an account without a password (decisions.md: `accounts/user/confirm/
 * {purpose}` sends a PIN to the current phone, or a code to the verified e-mail; it never signs in).
 */
export function useConfirmationCode(purpose: ConfirmationPurpose): ConfirmationCode {
  const client = useClient();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const send = useCallback(async () => {
    const sent = await client.account.confirmUser({ purpose });
    setSentTo(sent.channel === 'sms' ? displayUsNumber(sent.sent_to) : sent.sent_to);
  }, [client, purpose]);
  return { sentTo, send };
}
