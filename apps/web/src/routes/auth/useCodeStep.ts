import { useState } from 'react';
import { formErrorsOf, NO_ERRORS, type FormErrors } from './form-errors';
import { RESEND_AFTER_SECONDS } from './ResendCode';
import { useCountdown } from './useCountdown';

/**
 * The state of a screen that asks for a 6-digit code (by SMS or e-mail): the code, its errors, the notice, which
 * button is busy (the form's own, `submit`, or `resend`) and the resend countdown, with "Resend code" itself: `resend(send, sentTo)` asks for a new code,
 * empties the field, says where it went and starts the countdown again.
 */
export function useCodeStep() {
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState<'submit' | 'resend' | null>(null);
  const { secondsLeft, restart } = useCountdown(RESEND_AFTER_SECONDS);

  async function resend(send: () => Promise<unknown>, sentTo: string) {
    setErrors(NO_ERRORS);
    setNotice(null);
    setBusy('resend');
    try {
      await send();
      setCode('');
      setNotice(`We sent a new code to ${sentTo}.`);
      restart(RESEND_AFTER_SECONDS);
    } catch (error) {
      setErrors(formErrorsOf(error, []));
    } finally {
      setBusy(null);
    }
  }

  return { code, setCode, errors, setErrors, notice, setNotice, busy, setBusy, secondsLeft, resend };
}
