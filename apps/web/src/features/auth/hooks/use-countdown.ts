import { useCallback, useEffect, useState } from 'react';

/**
 * Seconds left until a deadline, ticking every second; restart(n) starts again from n seconds
 * (OTP timers of account spec §4: at zero Resend is enabled and submit disabled).
 */
export function useCountdown(initialSeconds: number) {
  const [deadline, setDeadline] = useState(() => Date.now() + initialSeconds * 1000);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    const timer = setInterval(() => {
      setNow(Date.now());
    }, 1000);
    return () => {
      clearInterval(timer);
    };
  }, [deadline]);

  const restart = useCallback((seconds: number) => {
    const start = Date.now();
    setNow(start);
    setDeadline(start + seconds * 1000);
  }, []);

  return { remaining: Math.max(0, Math.ceil((deadline - now) / 1000)), restart };
}
