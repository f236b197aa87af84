import { useEffect, useState } from 'react';

/**
 * True until the instant `iso` (false for null or a past instant), turning false on time while
 * the page stays open: the wheelchair spaces' release, say.
 */
export function useIsBefore(iso: string | null): boolean {
  const at = iso === null ? Number.NaN : Date.parse(iso);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!Number.isFinite(at)) return;
    const wait = at - Date.now();
    if (wait <= 0) return;
    // setTimeout holds at most ~24.8 days; a later instant is looked at again then.
    const timer = window.setTimeout(() => setNow(Date.now()), Math.min(wait + 50, 2_000_000_000));
    return () => window.clearTimeout(timer);
  }, [at, now]);
  return Number.isFinite(at) && now < at;
}
