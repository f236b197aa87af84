import { LoaderCircle } from 'lucide-react';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { nextPath } from '../../features/booking/next-url.ts';

// Spec §9: the processing page waits this long before moving on.
const redirectDelayMs = 7_000;

/** /loading?next_url=… — shown after payment while the booking is confirmed, then moves on. */
export function LoadingRoute() {
  const [params] = useSearchParams();
  const target = params.has('next_url') ? (nextPath(params.get('next_url')) ?? '/') : null;

  useEffect(() => {
    if (target === null) return;
    // A full load, so the next page reads the booking's fresh state from the server.
    const timer = window.setTimeout(() => window.location.assign(target), redirectDelayMs);
    return () => window.clearTimeout(timer);
  }, [target]);

  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center gap-5 text-center">
      <title>Processing payment — Marquee</title>
      <LoaderCircle
        aria-hidden
        className="size-14 animate-spin text-brand-700 motion-reduce:animate-none dark:text-brand-400"
      />
      <div role="status">
        <p className="text-xl font-semibold">Processing payment...</p>
        <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
          Please keep this page open while we confirm your booking.
        </p>
      </div>
    </div>
  );
}
