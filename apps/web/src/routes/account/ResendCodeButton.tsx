import { createCodeResendStore, RESEND_CODE_AFTER_SECONDS, type CodeResendStore } from '@wingmate/core-sdk';
import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import { ResendCode } from '../auth/ResendCode';
import { readProblem } from './problem';

/** The seconds the store says are left, redrawn each second until none are. */
function useSecondsLeft(store: CodeResendStore): number {
  const availableAt = useStore(store, (state) => state.availableAt);
  const [secondsLeft, setSecondsLeft] = useState(() => store.secondsLeft());
  useEffect(() => {
    setSecondsLeft(store.secondsLeft());
    const timer = setInterval(() => {
      const left = store.secondsLeft();
      setSecondsLeft(left);
      if (left === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [store, availableAt]);
  return secondsLeft;
}

/**
 * "Resend code" under a code just sent: usable once the minute is over (the API sends one a minute), then saying
 * whether a new code went out, or why not.
 */
export function ResendCodeButton({ send }: { send: () => Promise<unknown> }) {
  const [store] = useState(() => createCodeResendStore(send, { waitMs: RESEND_CODE_AFTER_SECONDS * 1000 }));
  const secondsLeft = useSecondsLeft(store);
  const { sending, outcome, error } = useStore(store);
  const text =
    outcome === 'sent' ? 'We sent a new code.' : outcome === 'failed' ? readProblem(error).message : null;

  return (
    <div className="flex flex-col gap-1">
      <ResendCode secondsLeft={secondsLeft} busy={sending} onResend={() => void store.resend()} />
      <p role="status" className={outcome === 'failed' ? 'text-sm text-danger' : 'text-sm text-ink-muted'}>
        {text}
      </p>
    </div>
  );
}
