import { createCountdown } from '@wingmate/core-sdk';
import { useEffect, useState } from 'react';
import { useStore } from 'zustand';

/**
 * Seconds left before something may be done again (resend a code after 60 s): core-sdk's countdown, made when
 * the screen shows and counting while it does.
 */
export function useCountdown(initialSeconds: number): {
  secondsLeft: number;
  restart: (seconds: number) => void;
} {
  const [countdown] = useState(() => createCountdown(initialSeconds));
  useEffect(() => {
    countdown.start();
    return () => countdown.stop();
  }, [countdown]);
  const secondsLeft = useStore(countdown, (state) => state.secondsLeft);
  return { secondsLeft, restart: (seconds) => countdown.restart(seconds) };
}
