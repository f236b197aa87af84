import { useEffect, useState } from 'react';

/**
 * The current time in milliseconds, ticking every `intervalMs` while `isTicking` (a countdown on
 * screen); frozen otherwise, so a page with nothing counting down does not re-render each second.
 */
export function useNow(isTicking: boolean, intervalMs = 1_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!isTicking) return;
    const tick = () => setNow(Date.now());
    const timer = window.setInterval(tick, intervalMs);
    // Catch up at once when the tab comes back: background tabs slow their timers down.
    document.addEventListener('visibilitychange', tick);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', tick);
    };
  }, [isTicking, intervalMs]);
  return now;
}
