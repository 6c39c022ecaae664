import { useCallback, useEffect, useState } from 'react';

const secondsUntil = (endsAt: number) => Math.max(0, Math.ceil((endsAt - Date.now()) / 1000));

/**
 * Seconds left before something may be done again (resend a code after 60 s). Counted from a deadline, not by
 * ticks, so a tab the browser slowed down in the background still shows the right time; the page's timers drive
 * it, so tests use jest's fake timers.
 */
export function useCountdown(initialSeconds: number): {
  secondsLeft: number;
  restart(seconds: number): void;
} {
  const [endsAt, setEndsAt] = useState(() => Date.now() + initialSeconds * 1000);
  const [secondsLeft, setSecondsLeft] = useState(initialSeconds);
  useEffect(() => {
    setSecondsLeft(secondsUntil(endsAt));
    const timer = setInterval(() => {
      const left = secondsUntil(endsAt);
      setSecondsLeft(left);
      if (left === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [endsAt]);
  const restart = useCallback((seconds: number) => setEndsAt(Date.now() + seconds * 1000), []);
  return { secondsLeft, restart };
}
