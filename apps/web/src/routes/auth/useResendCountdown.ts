import { useEffect } from 'react';
import type { CodeStepActions } from '@wingmate/core-sdk';

/** The wait for "Resend code" is counted while the code step shows, and no longer once it goes. */
export function useResendCountdown(step: CodeStepActions): void {
  useEffect(() => {
    step.startCountdown();
    return () => step.stopCountdown();
  }, [step]);
}
