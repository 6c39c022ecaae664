import { useState } from 'react';
import { ResendCode, RESEND_AFTER_SECONDS } from '../auth/ResendCode';
import { useCountdown } from '../auth/useCountdown';
import { readProblem } from './problem';

/**
 * "Resend code" under a code just sent: usable once the minute is over (the API sends one a minute), then saying
 * whether a new code went out, or why not.
 */
export function ResendCodeButton({ send }: { send(): Promise<unknown> }) {
  const { secondsLeft, restart } = useCountdown(RESEND_AFTER_SECONDS);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ text: string; failed: boolean } | null>(null);

  async function resend() {
    setBusy(true);
    setOutcome(null);
    try {
      await send();
      setOutcome({ text: 'We sent a new code.', failed: false });
      restart(RESEND_AFTER_SECONDS);
    } catch (error) {
      setOutcome({ text: readProblem(error).message, failed: true });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col gap-1">
      <ResendCode secondsLeft={secondsLeft} busy={busy} onResend={() => void resend()} />
      <p role="status" className={outcome?.failed ? 'text-sm text-danger' : 'text-sm text-ink-muted'}>
        {outcome?.text}
      </p>
    </div>
  );
}
