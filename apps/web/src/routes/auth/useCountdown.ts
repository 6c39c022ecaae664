import { useCallback, useEffect, useState } from 'react';

/**
 * Seconds left before something may be done again (resend a code after 60 s). Ticks once a second with the
 * page's timers, so tests drive it with jest's fake timers.
 */
export function useCountdown(initialSeconds: number): {
  secondsLeft: number;
  restart(seconds: number): void;
} {
  const [secondsLeft, setSecondsLeft] = useState(initialSeconds);
  useEffect(() => {
    if (secondsLeft <= 0) return;
    const timer = setTimeout(() => setSecondsLeft((left) => left - 1), 1000);
    return () => clearTimeout(timer);
  }, [secondsLeft]);
  const restart = useCallback((seconds: number) => setSecondsLeft(seconds), []);
  return { secondsLeft, restart };
}
